// The lesson's main panel: the document's run as a button, then the table, the repeated token and the layer.
// The panel itself is web/src/ui/control-panel.js.
import { t } from '../../src/i18n.js';
import { controlPanel, fieldMakers } from '../../src/ui/control-panel.js';
import { params, presets } from './params.js';

export function controlsView({ onValue, onPreset }) {
  const optionKey = (name, option) => `sameToken.options.${name}.${option}`;
  const { slider, text, select } = fieldMakers({ params, prefix: 'sameToken.fields', onValue, optionKey });
  return controlPanel({
    id: 'st',
    keys: 'sameToken',
    presets,
    onPreset,
    summary: (v) => t('sameToken.presets.summary', { dModel: v.dModel, count: v.count, token: v.token, scale: t(optionKey('scale', v.scale)) }),
    fields: {
      dModel: slider('dModel'),
      count: slider('count'),
      token: text('token', { width: 6 }),
      seed: text('seed', { width: 22 }),
      vocabSize: text('vocabSize', { width: 6 }),
      scale: select('scale'),
      variant: select('variant'),
    },
  });
}
