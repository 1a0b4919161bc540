// lesson-view.js — the "view state" skeleton the parameter-driven lessons share (01–11, 14, 15), so that
// each lesson.js keeps only its own wiring: what to ask the kernel, which field answers for which kernel
// argument, and what to draw. No maths here either.
//
// Two copies of the parameters: `draft` is what the fields hold (each value already parsed), `view` the last
// set the kernel accepted (what the page shows and the link stores). A field's value goes into `draft` and
// is marked touched (propose); a redraw is scheduled once per animation frame (what is far from the screen,
// the link and the stored state follow when the reader pauses: see changed()). `apply(values)` sets several
// parameters at once (a preset, a comparison pair, a new link) and shows them in their fields. A value the
// kernel rejects goes back to a good value for drawing (see attempt()), and its field shows why; a failure
// no field answers for is shown as a notice and the page keeps its last good view.
import { onLanguageChange } from './i18n.js';
import { describeError } from './kernel.js';
import { perFrame } from './schedule.js';
import { textScale } from './ui/text-size.js';
import { showNotice } from './ui/notices.js';

/**
 * lessonView({ initial, save, syncDraft, params }) → the shared state; call its mount({...}) once the panels
 * exist. syncDraft: after an accepted frame, forget the rejected values still in `draft` (lessons 02 and 11).
 * params: the lesson's declarations; with them, a link whose values are each valid but do not hold together
 * (k = −10 with pos = 3) falls back, on the first frame, to the default of the field the kernel names.
 */
export function lessonView({ initial, save, syncDraft = false, params = null }) {
  const state = { view: { ...initial }, draft: { ...initial }, touched: new Set(), fields: {}, drawn: false };
  const defaults = params ? defaultsOf(params) : null;
  let scheduleRender = () => {};

  function propose(name, value) {
    // A field reports its value again when it loses focus (change after input): nothing new, no redraw.
    if (Object.is(state.draft[name], value)) return;
    state.draft[name] = value;
    state.touched.add(name);
    scheduleRender();
  }

  function apply(values) {
    for (const [name, value] of Object.entries(values)) {
      state.draft[name] = value;
      state.view[name] = value;
      state.fields[name].set(value);
      state.fields[name].showError(null);
    }
    scheduleRender();
  }

  /**
   * Runs `compute(next)`; when the kernel rejects a value, blame(err, next) names the field to blame (a
   * string, or { name, from } to take its value back from `from` instead of the view, e.g. the defaults),
   * or null when no field answers for it: then the error goes on to the caller.
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
  const namedOrDefault = (fieldFor, defaults) => (err, next) => {
    const name = fieldFor[err.argument];
    if (!(name && next[name] === state.view[name])) return name || null;
    const other = [...state.touched].find((k) => next[k] !== state.view[k]);
    if (other) return other;
    const fromDefault = [name, ...Object.values(fieldFor)].find((k) => String(next[k]) !== String(defaults[k]));
    return fromDefault ? { name: fromDefault, from: defaults } : null;
  };

  // What each view last drew, so a frame only redraws the views whose inputs changed. The text size is an
  // input of every drawing (large text grows the charts' fonts and margins).
  const drawn = {};
  // While the reader moves a control, a frame redraws only what is on or near the screen (a view given with
  // its element to changed()); when a view far from it had to wait, it, the link and the stored state follow
  // once the reader pauses (DEFER_MS after the last change), so a slider drags at the speed of what the
  // reader sees. <html data-deferred> marks that wait (tests' frames() waits it out).
  let drawAll = true;
  const near = nearScreenWatch();
  let waiting = false; // a view far from the screen waits for the pause
  let deferTimer = 0;
  const settleLater = () => {
    document.documentElement.dataset.deferred = '';
    clearTimeout(deferTimer);
    deferTimer = setTimeout(() => {
      drawAll = true;
      scheduleRender();
    }, DEFER_MS);
  };
  let optedIn = false; // the lesson passes its views' elements: it follows the pause rule
  const changed = (name, signature, element = null) => {
    if (element) optedIn = true;
    const full = `${signature}|${textScale()}`;
    if (drawn[name] === full) return false;
    if (element && !drawAll && !near.test(element)) {
      waiting = true;
      return false;
    }
    drawn[name] = full;
    return true;
  };

  /**
   * panels: the views with fields (each { fields, relabel }); compute(next, failed) → results, using
   * attempt(); draw(results, view); widgets: the lesson's elements; observe: the element whose width the
   * charts follow; relabel: anything else to relabel on a language change (a quiz).
   */
  function mount({ panels, fields, compute, draw, widgets, observe, relabel = () => {} }) {
    state.fields = fields || Object.assign({}, ...panels.map((panel) => panel.fields));

    function render() {
      const next = { ...state.view, ...state.draft };
      const failed = new Set();
      let results;
      try {
        results = compute(next, failed);
      } catch (err) {
        showNotice(() => describeError(err), { kind: 'error' });
        return;
      }
      for (const name of state.touched) if (!failed.has(name)) state.fields[name].showError(null);
      state.touched.clear();
      state.view = next;
      state.drawn = true;
      if (syncDraft) Object.assign(state.draft, state.view);
      const settling = drawAll; // every view is drawn
      waiting = false;
      draw(results, state.view);
      drawAll = false;
      // While a control moves, writing the link and the stored state (history.replaceState, localStorage) on
      // every frame costs a few milliseconds each time: they too follow at the pause.
      if (waiting || (optedIn && !settling)) {
        settleLater();
        return;
      }
      save(state.view);
      if (settling) {
        clearTimeout(deferTimer);
        delete document.documentElement.dataset.deferred;
      }
    }
    scheduleRender = perFrame(render);
    // A new language, a new width: not a slider being dragged, so everything is redrawn at once.
    const redrawAll = () => {
      drawAll = true;
      scheduleRender();
    };
    // Leaving the page before the pause: the link and the stored state must still hold the last view.
    const saveNow = () => {
      if ('deferred' in document.documentElement.dataset) save(state.view);
    };
    addEventListener('pagehide', saveNow);

    for (const [name, field] of Object.entries(state.fields)) field.set(state.view[name]);
    const offLanguage = onLanguageChange(() => {
      for (const panel of panels) panel.relabel();
      relabel();
      redrawAll();
    });
    // Charts are drawn to their box's width: redraw when it changes (window resize, phone rotation); a new
    // height (a redrawn figure) is no reason.
    let width = -1;
    const resize = new ResizeObserver(([entry]) => {
      if (entry.contentRect.width === width) return;
      width = entry.contentRect.width;
      redrawAll();
    });

    return {
      widgets,
      /** Called once the widgets are in the page (their widths are known). */
      start() {
        resize.observe(observe);
        render();
      },
      setParams: apply,
      destroy() {
        saveNow();
        removeEventListener('pagehide', saveNow);
        offLanguage();
        resize.disconnect();
        near.disconnect();
        clearTimeout(deferTimer);
        delete document.documentElement.dataset.deferred;
      },
    };
  }

  return {
    propose,
    apply,
    attempt,
    namedOrTouched,
    namedOrDefault,
    changed,
    mount,
    get view() {
      return state.view;
    },
    get touched() {
      return state.touched;
    },
  };
}

const DEFER_MS = 150;

/**
 * Which views are within half a screen of the viewport (one the reader sees, or is about to scroll to), kept up
 * to date by an IntersectionObserver so that a frame reads no layout. An element is measured once, when first
 * asked about, until the observer's first report arrives.
 */
function nearScreenWatch() {
  const near = new WeakMap();
  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver((entries) => entries.forEach((e) => near.set(e.target, e.isIntersecting)), { rootMargin: '50% 0px' });
  return {
    test(element) {
      if (!observer) return true;
      if (!near.has(element)) {
        const box = element.getBoundingClientRect();
        near.set(element, box.bottom > -innerHeight / 2 && box.top < innerHeight * 1.5 && box.width > 0);
        observer.observe(element);
      }
      return near.get(element);
    },
    disconnect: () => observer?.disconnect(),
  };
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
