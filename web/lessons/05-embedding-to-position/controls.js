// The lesson's main panel: the document's runs as buttons, then the table (size, width, seed), the sentence,
// the √d_model switch and the formula. The panel itself is web/src/ui/control-panel.js.
import { t } from '../../src/i18n.js';
import { controlPanel, fieldMakers } from '../../src/ui/control-panel.js';
import { params, presets } from './params.js';

export function controlsView({ onValue, onPreset }) {
  const optionKey = (name, option) => `embeddingToPosition.options.${name}.${option}`;
  const { slider, text, select } = fieldMakers({ params, prefix: 'embeddingToPosition.fields', onValue, optionKey });
  return controlPanel({
    id: 'e2p',
    keys: 'embeddingToPosition',
    presets,
    onPreset,
    summary: (v) => t('embeddingToPosition.presets.summary', { vocabSize: v.vocabSize, dModel: v.dModel, seed: v.seed, scale: t(optionKey('scale', v.scale)) }),
    fields: {
      vocabSize: text('vocabSize', { width: 6 }),
      dModel: slider('dModel'),
      seed: text('seed', { width: 22 }),
      ids: text('ids', { inputMode: 'text', width: 22 }),
      scale: select('scale'),
      variant: select('variant'),
    },
  });
}
