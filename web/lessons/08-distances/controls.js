// The lesson's main control panel: one button per situation worth seeing, then the fields every figure from the
// pairs to the requirements reads (d_model, the matrix's positions, the two pairs). The panel itself is
// web/src/ui/control-panel.js; it stays in view over the figures it changes (lesson.js, drives).
import { t } from '../../src/i18n.js';
import { controlPanel, fieldMakers } from '../../src/ui/control-panel.js';
import { params } from './params.js';

// Settings only: every number shown is computed by the kernel.
export const presets = [
  // The course notes' check: d_model 64, positions 5–6 against 5–50, a 100-position heatmap.
  { id: 'notes', values: { dModel: 64, maxLen: 100, a1: 5, a2: 6, b1: 5, b2: 50 } },
  // Neighbours far out are as close as neighbours at the start: 1000–1001 against 5–6.
  { id: 'farNeighbours', values: { dModel: 64, maxLen: 100, a1: 1000, a2: 1001, b1: 5, b2: 6 } },
  // A single pair of columns, a single clock hand: 5–49 comes out closer than 5–6.
  { id: 'oneHand', values: { dModel: 2, maxLen: 100, a1: 5, a2: 6, b1: 5, b2: 49 } },
];

export function controlsView({ onValue, onPreset }) {
  const { slider, text } = fieldMakers({ params, prefix: 'distances.fields', onValue });
  return controlPanel({
    id: 'distances',
    keys: 'distances',
    presets,
    onPreset,
    summary: (v) => t('distances.presets.summary', { dModel: v.dModel, a1: v.a1, a2: v.a2, b1: v.b1, b2: v.b2 }),
    fields: { dModel: slider('dModel'), maxLen: slider('maxLen'), a1: text('a1'), a2: text('a2'), b1: text('b1'), b2: text('b2') },
  });
}
