// lesson-state.js — the part of the lesson skeleton (lesson-view.js) that touches no page: the two copies of a
// lesson's parameters, which field a rejected value is blamed on, the recent results a lesson keeps, and which
// stretch of the text a control panel has to stay in view over. Everything here runs in Node too (the unit
// tests in tests/js/lesson-state.test.mjs); lesson-view.js adds the drawing, the timing and the page.

/**
 * The draft / view copies of a lesson's parameters. `draft` is what the fields hold (each value already
 * parsed), `view` the last set the kernel accepted (what the page shows and the link stores).
 *
 * fields: { name: { set(value), showError(error|null) } }, filled in later by lesson-view's mount (state.fields);
 * onChange(): a new draft wants a redraw; defaults: the declared defaults (defaultsOf), or null.
 */
export function parameterState({ initial, defaults = null, onChange = () => {} }) {
  const state = { view: { ...initial }, draft: { ...initial }, touched: new Set(), fields: {}, drawn: false };

  /** A field's new value: into `draft`, marked touched, redraw. */
  function propose(name, value) {
    // A field reports its value again when it loses focus (change after input): nothing new, no redraw.
    if (Object.is(state.draft[name], value)) return;
    state.draft[name] = value;
    state.touched.add(name);
    onChange();
  }

  /** Several parameters at once (a preset, a comparison pair, a new link), shown in their fields, errors cleared. */
  function apply(values) {
    for (const [name, value] of Object.entries(values)) {
      state.draft[name] = value;
      state.view[name] = value;
      state.fields[name].set(value);
      state.fields[name].showError(null);
    }
    onChange();
  }

  /**
   * Runs `compute(next)`; when the kernel rejects a value, blame(err, next) names the field to blame (a
   * string, or { name, from } to take its value back from `from` instead of the view, e.g. the defaults),
   * or null when no field answers for it: then the error goes on to the caller. A blamed field shows the
   * error, is added to `failed`, and the computation runs again with its value put back.
   */
  function attempt(compute, next, failed, blame) {
    for (;;) {
      try {
        return compute(next);
      } catch (err) {
        const found = blame(err, next);
        if (!found) throw err;
        const { name, from = state.view } = typeof found === 'string' ? { name: found } : found;
        state.fields[name].showError(err);
        failed.add(name);
        next[name] = from[name];
        if (from !== state.view) state.fields[name].set(next[name]);
      }
    }
  }

  /**
   * Before anything is drawn, the view came from a link (or storage): a named field whose value is valid
   * alone but not with the others (k = −10 with pos = 3) takes its default and shows why, as if the reader had
   * typed it; the rest of the link stands. Later the page keeps its last good view instead.
   */
  function linkFallback(name, next) {
    if (state.drawn || !defaults || String(next[name]) === String(defaults[name])) return null;
    return { name, from: defaults };
  }

  /**
   * Blame the field that answers for the kernel's argument when its value changed, else a touched field among
   * `keys` that changed, else (first frame only) the named field from a link; never an unchanged one later.
   */
  const namedOrTouched = (keys, fieldFor) => (err, next) => {
    const named = fieldFor[err.argument];
    if (named && next[named] !== state.view[named]) return named;
    const touched = keys.find((k) => state.touched.has(k) && next[k] !== state.view[k]);
    if (touched) return touched;
    return named ? linkFallback(named, next) : null;
  };

  /**
   * Blame the field named for the kernel's argument; when its value did not change, the field just touched
   * (a smaller vocabulary makes an id invalid) or, on a fresh link that does not hold together, put the named
   * value back to its default.
   */
  const namedOrDefault = (fieldFor, fallback) => (err, next) => {
    const name = fieldFor[err.argument];
    if (!(name && next[name] === state.view[name])) return name || null;
    const other = [...state.touched].find((k) => next[k] !== state.view[k]);
    if (other) return other;
    const fromDefault = [name, ...Object.values(fieldFor)].find((k) => String(next[k]) !== String(fallback[k]));
    return fromDefault ? { name: fromDefault, from: fallback } : null;
  };

  /**
   * The frame's outcome: `next` (computed with `failed` fields put back) becomes the view; the touched fields
   * that were not blamed lose their error. syncDraft: forget the rejected values still in the draft too.
   */
  function accept(next, failed, syncDraft) {
    for (const name of state.touched) if (!failed.has(name)) state.fields[name].showError(null);
    state.touched.clear();
    state.view = next;
    state.drawn = true;
    if (syncDraft) Object.assign(state.draft, state.view);
  }

  /** The values the next frame computes with: the view, with the draft's newer values over it. */
  const pending = () => ({ ...state.view, ...state.draft });

  return { state, propose, apply, attempt, namedOrTouched, namedOrDefault, accept, pending };
}

/** The declared default of every parameter ({ name: decl.default }). */
export const defaultsOf = (params) => Object.fromEntries(Object.entries(params).map(([name, decl]) => [name, decl.default]));

/**
 * make(...args), remembered for the last `limit` distinct argument lists (keyed by their text), so that
 * moving an unrelated control costs no kernel call.
 */
export function recent(limit, make) {
  const cache = new Map();
  return (...args) => {
    const key = args.join('|');
    if (!cache.has(key)) {
      cache.set(key, make(...args));
      if (cache.size > limit) cache.delete(cache.keys().next().value);
    }
    return cache.get(key);
  };
}

/**
 * The stretches of text over which a control panel stays in view. drives: { panel: [widget names] } (see
 * lesson-view.js); order: the names of the text's slots, in the order the text places them. A panel whose
 * widgets are all itself (its own figure's fields) needs none; otherwise its run goes from its own slot to the
 * last slot it drives. A figure placed above its panel is a mistake in the lesson (a strip at the top cannot
 * show it), and so are two runs that overlap (two strips would stick at the same place): both throw, so a
 * lesson being converted fails at once.
 * → [{ panel, last }] in text order.
 */
export function controlRuns(drives, order) {
  const at = (name) => {
    const i = order.indexOf(name);
    if (i < 0) throw new Error(`lesson-view: "${name}" has no <div data-slot="${name}"> in the lesson's text`);
    return i;
  };
  const runs = [];
  for (const [panel, names] of Object.entries(drives)) {
    const others = names.filter((name) => name !== panel);
    if (!others.length) continue;
    const start = at(panel);
    const ends = others.map(at);
    const before = others.filter((_, k) => ends[k] < start);
    if (before.length) throw new Error(`lesson-view: "${panel}" drives ${before.join(', ')}, placed above it in the text`);
    runs.push({ panel, last: order[Math.max(...ends)], start, end: Math.max(...ends) });
  }
  runs.sort((a, b) => a.start - b.start);
  runs.forEach((run, k) => {
    const next = runs[k + 1];
    if (next && next.start <= run.end) throw new Error(`lesson-view: the runs of "${run.panel}" and "${next.panel}" overlap`);
  });
  return runs.map(({ panel, last }) => ({ panel, last }));
}
