// The main control panel: one button per document experiment, then max_len, d_model and the formula.
// The panel itself is web/src/ui/control-panel.js.
import { t } from '../../src/i18n.js';
import { controlPanel, fieldMakers } from '../../src/ui/control-panel.js';
import { params } from './params.js';
import { presets } from './presets.js';

export function controlsView({ onValue, onPreset }) {
  const { slider, select } = fieldMakers({ params, prefix: 'peMatrix.fields', onValue, optionKey: (_, option) => `peMatrix.variants.${option}` });
  return controlPanel({
    id: 'pe',
    keys: 'peMatrix',
    presets,
    onPreset,
    summary: (v) => t('peMatrix.presets.summary', { variant: t(`peMatrix.variantShort.${v.variant}`), maxLen: v.maxLen, dModel: v.dModel }),
    fields: { maxLen: slider('maxLen'), dModel: slider('dModel'), variant: select('variant') },
  });
}
