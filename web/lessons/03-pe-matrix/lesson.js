// Lesson 01 — the positional-encoding matrix. Wires the fields to the kernel and the kernel's matrices to
// the views. No maths here: every number comes from kernel.positionalEncoding.
//
// Two copies of the parameters: `draft` is what the fields hold (each value already parsed), `view` is the
// last set the kernel accepted, which is what the page shows and what the link stores. A value the kernel
// rejects (d_model = 5) is put back to its last good value for drawing, and its field shows why.
import { onLanguageChange, language } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { showNotice } from '../../src/ui/notices.js';
import { params } from './params.js';
import { controlsView } from './controls.js';
import { heatmapView } from './heatmap-view.js';
import { linesView } from './lines-view.js';
import { valuesView } from './values-view.js';
import { compareView } from './compare-view.js';

export { params };

// The three matrices the page shows, each with the parameters it reads (in the kernel's argument order)
// and the field that answers for each of the kernel's argument names.
const parts = {
  main: { keys: ['maxLen', 'dModel', 'variant'], fieldFor: { max_len: 'maxLen', d_model: 'dModel', variant: 'variant' } },
  a: { keys: ['cmpLenA', 'cmpDA', 'variant'], fieldFor: { max_len: 'cmpLenA', d_model: 'cmpDA', variant: 'variant' } },
  b: { keys: ['cmpLenB', 'cmpDB', 'variant'], fieldFor: { max_len: 'cmpLenB', d_model: 'cmpDB', variant: 'variant' } },
};

export function mount({ kernel, initial, save }) {
  let view = { ...initial };
  const draft = { ...initial };
  const touched = new Set();

  const controls = controlsView({ onValue: propose, onPreset: (preset) => apply(preset.values) });
  const heat = heatmapView();
  const linesPanel = linesView({ onValue: propose });
  const values = valuesView({ onValue: propose });
  const compare = compareView({ onValue: propose, onPair: apply });
  const panels = [controls, linesPanel, values, compare];
  const fields = Object.assign({}, ...panels.map((panel) => panel.fields));

  // A few recent matrices, so changing only the dims or the inspected rows costs no kernel call.
  const cache = new Map();
  function encoding(maxLen, dModel, variant) {
    const key = `${maxLen}|${dModel}|${variant}`;
    if (!cache.has(key)) {
      cache.set(key, kernel.positionalEncoding({ maxLen, dModel, variant }));
      if (cache.size > 6) cache.delete(cache.keys().next().value);
    }
    return cache.get(key);
  }

  /** One matrix for `next`; a rejected value goes back to its last good one, with the error on its field. */
  function computePart({ keys, fieldFor }, next, failed) {
    for (;;) {
      try {
        return encoding(...keys.map((k) => next[k]));
      } catch (err) {
        const name = fieldFor[err.argument] || keys.find((k) => touched.has(k));
        if (!name || next[name] === view[name]) throw err; // not a student's value: a real failure
        fields[name].showError(err);
        failed.add(name);
        next[name] = view[name];
      }
    }
  }

  // What each view last drew, so a frame only redraws the views whose inputs changed.
  const drawn = {};
  const changed = (name, signature) => {
    if (drawn[name] === signature) return false;
    drawn[name] = signature;
    return true;
  };

  function render() {
    const next = { ...view, ...draft };
    const failed = new Set();
    let main, a, b;
    try {
      main = computePart(parts.main, next, failed);
      a = computePart(parts.a, next, failed);
      b = computePart(parts.b, next, failed);
    } catch (err) {
      showNotice(() => describeError(err), { kind: 'error' });
      return;
    }
    for (const name of touched) if (!failed.has(name)) fields[name].showError(null);
    touched.clear();
    view = next;
    save(view);

    const lang = language();
    const key = (m) => `${m.rows}x${m.cols}:${view.variant}`;
    // Widths are read before anything is redrawn: reading one after a redraw would force a layout.
    const widths = { heat: heat.width(), lines: linesPanel.width() };
    if (changed('heat', `${key(main)}|${lang}|${widths.heat}`)) heat.draw(main, view, widths.heat);
    if (changed('lines', `${key(main)}|${view.dims}|${view.shown}|${lang}|${widths.lines}`)) linesPanel.draw(main, view, widths.lines);
    if (changed('values', `${key(main)}|${view.rows}|${lang}`)) values.draw(main, view);
    if (changed('compare', `${key(a)}|${key(b)}|${lang}`)) compare.draw(a, b, view);
  }
  const scheduleRender = perFrame(render);

  function propose(name, value) {
    draft[name] = value;
    touched.add(name);
    scheduleRender();
  }

  /** Sets several parameters at once (a preset, a comparison pair, a new link) and shows them in the fields. */
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
  // Charts are drawn to their box's width: redraw when it changes (window resize, phone rotation).
  const resize = new ResizeObserver(() => scheduleRender());

  return {
    widgets: {
      controls: controls.element,
      heatmap: heat.element,
      lines: linesPanel.element,
      values: values.element,
      compare: compare.element,
    },
    /** Called once the widgets are in the page (their widths are known). */
    start() {
      resize.observe(heat.element);
      render();
    },
    setParams: apply,
    destroy() {
      offLanguage();
      resize.disconnect();
    },
  };
}
