// Lesson 02 — the formula step by step. Wires the fields to the kernel and the kernel's arrays to the
// views; no maths here. `draft` holds what the fields propose, `view` the last values the kernel accepted:
// a rejected value (k that would make pos + k negative, an odd d_model) stays in its field with the
// kernel's explanation, and the page keeps showing the last good view.
import { onLanguageChange } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { showNotice } from '../../src/ui/notices.js';
import { params } from './params.js';
import { d2View } from './d2-view.js';
import { stepsView } from './steps-view.js';
import { wavelengthView } from './wavelength-view.js';
import { rotationView } from './rotation-view.js';
import './formula-steps.css';

export { params };

// Document 003's embedding of «El».
const EMBEDDING = [0.5, 0.8];

export function mount({ kernel, initial, save }) {
  let view = { ...initial };
  const draft = { ...initial };
  const touched = new Set();

  const d2 = d2View({ onValue: propose });
  const steps = stepsView({ onValue: propose });
  const waves = wavelengthView();
  const rotation = rotationView({ onValue: propose });
  const panels = [d2, steps, rotation];
  const fields = Object.assign({}, ...panels.map((p) => p.fields));

  // Each part: the parameters it reads, which field answers for each kernel argument, and its numbers.
  const parts = {
    d2: {
      keys: ['pos2'],
      fieldFor: { pos: 'pos2' },
      compute: ({ pos2 }) => {
        const rows = pos2 + 1;
        const pe = kernel.positionalEncoding({ maxLen: rows, dModel: 2, variant: 'paper' });
        // The embedding sits at row pos2 of an otherwise empty sequence, so the kernel adds PE(pos2) to it.
        const x = { rows, cols: 2, data: new Float32Array(rows * 2) };
        x.data.set(EMBEDDING, pos2 * 2);
        const sum = kernel.addPositionalEncoding(x, 'paper', false);
        return { pos: pos2, embedding: Float32Array.from(EMBEDDING), pe: pe.data.subarray(pos2 * 2), sum: sum.data.subarray(pos2 * 2) };
      },
    },
    steps: {
      keys: ['maxLen', 'dModel', 'row'],
      fieldFor: { max_len: 'maxLen', d_model: 'dModel' },
      compute: ({ maxLen, dModel, row }) => ({
        maxLen,
        dModel,
        row,
        divTerm: kernel.divTerm(dModel),
        wavelengths: kernel.wavelengths(dModel),
        angles: kernel.angleMatrix(maxLen, dModel),
        pe: kernel.positionalEncoding({ maxLen, dModel, variant: 'paper' }),
      }),
    },
    rotation: {
      keys: ['pos', 'k', 'dModel'],
      fieldFor: { pos: 'pos', k: 'k', d_model: 'dModel' },
      compute: ({ pos, k, dModel }) => ({ pos, k, dModel, check: kernel.rotationCheck(pos, k, dModel) }),
    },
  };

  function computePart({ keys, fieldFor, compute }, next, failed) {
    for (;;) {
      try {
        return compute(next);
      } catch (err) {
        const name = fieldFor[err.argument] || keys.find((k) => touched.has(k));
        if (!name || next[name] === view[name]) throw err; // not a student's value: a real failure
        fields[name].showError(err);
        failed.add(name);
        next[name] = view[name];
      }
    }
  }

  function render() {
    const next = { ...view, ...draft };
    const failed = new Set();
    const results = {};
    try {
      for (const [name, part] of Object.entries(parts)) results[name] = computePart(part, next, failed);
    } catch (err) {
      showNotice(() => describeError(err), { kind: 'error' });
      return;
    }
    for (const name of touched) if (!failed.has(name)) fields[name].showError(null);
    touched.clear();
    view = next;
    Object.assign(draft, view);
    save(view);
    const widths = { d2: d2.width(), waves: waves.width() };
    d2.draw(results.d2, widths.d2);
    steps.draw(results.steps);
    waves.draw(results.steps, widths.waves);
    rotation.draw(results.rotation);
  }
  const scheduleRender = perFrame(render);

  function propose(name, value) {
    draft[name] = value;
    touched.add(name);
    scheduleRender();
  }

  function apply(values) {
    for (const [name, value] of Object.entries(values)) {
      draft[name] = value;
      view[name] = value;
      fields[name].set(value);
      fields[name].showError(null);
    }
    scheduleRender();
  }

  for (const [name, field] of Object.entries(fields)) field.set(view[name]);
  const offLanguage = onLanguageChange(() => {
    for (const panel of panels) panel.relabel();
    scheduleRender();
  });
  const resize = new ResizeObserver(() => scheduleRender());

  return {
    widgets: { d2: d2.element, steps: steps.element, wavelengths: waves.element, rotation: rotation.element },
    start() {
      resize.observe(steps.element);
      render();
    },
    setParams: apply,
    destroy() {
      offLanguage();
      resize.disconnect();
    },
  };
}
