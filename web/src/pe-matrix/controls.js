// The matrix's main control panel, the same in pe-matrix and pe-matrix-digits: one button per document experiment, then
// max_len, d_model and the formula. The panel itself is web/src/ui/control-panel.js.
import { t } from '../i18n.js';
import { controlPanel, fieldMakers } from '../ui/control-panel.js';
import { params } from './params.js';
import { presets } from './presets.js';

/** own: the lesson's parameters; a preset sets only those (each lesson shows some of the documents' settings). */
export function controlsView({ own, onValue, onPreset }) {
  const { slider, select } = fieldMakers({ params, prefix: 'peMatrix.fields', onValue, optionKey: (_, option) => `peMatrix.variants.${option}` });
  return controlPanel({
    id: 'pe',
    keys: 'peMatrix',
    presets,
    onPreset: (preset) => onPreset(Object.fromEntries(Object.entries(preset.values).filter(([name]) => name in own))),
    summary: (v) => t('peMatrix.presets.summary', { variant: t(`peMatrix.variantShort.${v.variant}`), maxLen: v.maxLen, dModel: v.dModel }),
    fields: { maxLen: slider('maxLen'), dModel: slider('dModel'), variant: select('variant') },
  });
}
