// lesson-view.js — the skeleton the parameter-driven lessons share (01–11, 14, 15), so that each lesson.js keeps
// only its own wiring: what to ask the kernel, which field answers for which kernel argument, what to draw, and
// which figures each of its control panels changes. No maths here either.
//
// Parameters (lesson-state.js, no page needed): `draft` is what the fields hold (each value already parsed),
// `view` the last set the kernel accepted (what the page shows and the link stores). A field's value goes
// into `draft` and is marked touched (propose); `apply(values)` sets several at once (a preset, a comparison
// pair, a new link) and shows them in their fields. A value the kernel rejects goes back to a good value for
// drawing (attempt), and its field shows why; a failure no field answers for is shown as a notice and the
// page keeps its last good view.
//
// Drawing: a redraw is scheduled once per animation frame; changed(view, signature, element) redraws a view
// only when what it shows changed, and while a control moves, only the views on the screen (the
// others, the link and the stored state follow when the reader pauses). Language, width and text size
// redraw everything.
//
// Controls in view of what they change: the lesson says, once, which widgets each of its control panels
// drives, by the names of its widgets (its <div data-slot> names):
//
//     lesson.mount({ ..., drives: { controls: ['heatmap', 'lines', 'halves'], lines: ['lines'] } })
//
// The skeleton then gives every driven widget an id (view-<name>) and every field of the panel
// aria-controls with those ids (a field that changes fewer of them says which: fieldDrives). A panel that
// drives only itself (a figure's own fields, which sit under its drawing) stays where it is. A panel that
// drives other widgets stays in view while they are read: once the text is in (arrange, called by main.js's
// renderText) the stretch of the text from the panel's slot to the last slot it drives is wrapped in
// <div class="control-scope">, inside which the panel's slot is sticky
// under the site header (styles/controls.css), and stops being sticky after that last figure. Only the
// panel's strip (its element marked data-strip: the fields, in control-panel.js, which also folds the strip on a
// phone) stays; what is above it in the panel (title, presets) scrolls away. The header's and the strip's
// heights are on <html> as --header-height and --strip-height, so that a focused element is never hidden under
// them. A figure placed above the panel that drives it, or two panels whose stretches overlap, are errors
// (lesson-state.js controlRuns). tests/browser/controls-in-view.test.mjs measures every lesson: a new one
// declares `drives` and puts each figure's own fields under its drawing (control-panel.js fieldsUnder).
//
// What arrives later: a lesson whose numbers come from a Web Worker (lesson 09 trains a skip-gram) asks for them
// in compute() through source(load) (lesson-source.js): compute stays synchronous and draws what has arrived;
// an answer that arrives redraws the page, and redraw() asks for a frame when something outside the parameters
// changed (a Train button, a pasted text).
import { language, onLanguageChange } from './i18n.js';
import { describeError } from './kernel.js';
import { atPause, perFrame } from './schedule.js';
import { textScale } from './ui/text-size.js';
import { showNotice } from './ui/notices.js';
import { parameterState, defaultsOf, controlRuns } from './lesson-state.js';
import { asyncSource } from './lesson-source.js';
import { forgetWidths } from './ui/layout-width.js';

export { defaultsOf, recent } from './lesson-state.js';

/**
 * lessonView({ initial, save, syncDraft, params }) → the shared state; call its mount({...}) once the panels
 * exist. syncDraft: after an accepted frame, forget the rejected values still in `draft` (lessons 02 and 13).
 * params: the lesson's declarations; with them, a link whose values are each valid but do not hold together
 * (k = −10 with pos = 3) falls back, on the first frame, to the default of the field the kernel names.
 */
export function lessonView({ initial, save, syncDraft = false, params = null }) {
  let scheduleRender = () => {};
  const parameters = parameterState({ initial, defaults: params ? defaultsOf(params) : null, onChange: () => scheduleRender() });
  const { state, propose, apply, attempt, namedOrTouched, namedOrDefault } = parameters;

  // What each view last drew, so a frame only redraws the views whose inputs changed. The language and the text
  // size are inputs of every drawing (its words and numbers; large text grows the charts' fonts and margins), so
  // changed() adds them to every view's signature.
  const drawn = {};
  // While the reader moves a control, a frame redraws only what is on the screen (a view given with its element
  // to changed()); the link and the stored state, and the views off the screen that had to wait,
  // follow once the reader pauses (schedule.js, atPause), so a slider drags at the speed of what the reader sees.
  // <html data-deferred> marks that wait (tests' frames() waits it out).
  let drawAll = true;
  const onScreen = onScreenWatch();
  let waiting = false; // in this frame, a view off the screen waited
  let farWaiting = false; // since the last pause, a view off the screen waited: the pause redraws
  const pause = atPause(() => {
    if (farWaiting) {
      drawAll = true;
      scheduleRender(); // that frame saves
      return false;
    }
    save(state.view);
    return true;
  });
  // The inputs that arrive later (source()): while one the last frame asked for is on its way, <html
  // data-arriving> says so (tests' arrived() waits it out, as settled() waits for the far views).
  const sources = [];
  const markArriving = () => {
    const arriving = sources.some((source) => source.loading);
    if (arriving !== document.documentElement.hasAttribute('data-arriving')) document.documentElement.toggleAttribute('data-arriving', arriving);
  };
  const changed = (name, signature, element = null) => {
    const full = `${signature}|${language()}|${textScale()}`;
    if (drawn[name] === full) return false;
    if (element && !drawAll && !onScreen.test(element)) {
      waiting = true;
      return false;
    }
    drawn[name] = full;
    return true;
  };
  // A view made of parts a screen apart (each drawn on its own while a slider moves): its draw(…, due) asks
  // due(part, element) for each, and each part has its own signature ({ part: signature }).
  const parts = (prefix, signatures) => (part, element) => changed(`${prefix}-${part}`, signatures[part], element);

  /**
   * panels: the views with fields (each { fields, relabel }); compute(next, failed) → results, using
   * attempt(); draw(results, view); widgets: the lesson's elements, by slot name; observe: the element whose
   * width the charts follow; relabel: anything else to relabel on a language change (a quiz); drives: which
   * widgets each panel's fields change ({ panel: [widget names] }, see the top of this file); fieldDrives: a
   * field that changes only some of its panel's widgets names those ({ field: [widget names] }).
   */
  function mount({ panels, fields, compute, draw, widgets, observe, relabel = () => {}, drives = {}, fieldDrives = {} }) {
    state.fields = fields || Object.assign({}, ...panels.map((panel) => panel.fields));
    const layout = controlsInView(widgets, drives, fieldDrives);

    function render() {
      const next = parameters.pending();
      const failed = new Set();
      let results;
      try {
        results = compute(next, failed);
      } catch (err) {
        showNotice(() => describeError(err), { kind: 'error' });
        return;
      }
      parameters.accept(next, failed, syncDraft);
      const settling = drawAll; // every view is drawn
      waiting = false;
      draw(results, state.view);
      drawAll = false;
      markArriving();
      // While a control moves, writing the link and the stored state (history.replaceState, localStorage) on
      // every frame costs several milliseconds each time (more than some figures): they follow at the pause,
      // with the far views if any waited. A frame that drew everything (the first, a new language, a new
      // width, the pause's) saves at once.
      if (waiting) farWaiting = true;
      if (!settling) {
        pause.later();
        return;
      }
      farWaiting = false;
      save(state.view);
      pause.cancel();
    }
    scheduleRender = perFrame(render);
    // A new language, a new width: not a slider being dragged, so everything is redrawn at once.
    const redrawAll = () => {
      drawAll = true;
      scheduleRender();
    };
    // Leaving the page before the pause: the link and the stored state must still hold the last view.
    const saveNow = () => {
      if (pause.waiting) save(state.view);
    };
    addEventListener('pagehide', saveNow);

    for (const [name, field] of Object.entries(state.fields)) field.set(state.view[name]);
    const offLanguage = onLanguageChange(() => {
      for (const panel of panels) panel.relabel();
      relabel();
      forgetWidths();
      redrawAll();
    });
    // Charts are drawn to their box's width: redraw when it changes (window resize, phone rotation); a new
    // height (a redrawn figure) is no reason.
    let width = -1;
    const resize = new ResizeObserver(([entry]) => {
      // Within half a pixel: the width read at start (from the box and its padding) and the observer's can
      // differ in their last fraction of a pixel (large text), which is no reason to draw every figure again.
      if (Math.abs(entry.contentRect.width - width) < 0.5) return;
      width = entry.contentRect.width;
      forgetWidths();
      redrawAll();
    });
    // A widget in a closed aside has no width until the reader opens it: then its charts are drawn to the width
    // it has (the views' keys hold their widths). 'toggle' does not bubble; it is caught on its way down.
    const opened = (event) => {
      if (event.target.open && Object.values(widgets).some((widget) => event.target.contains(widget))) scheduleRender();
    };

    return {
      widgets,
      /** Called by main.js once the widgets are in their slots of a newly rendered text (root). */
      arrange: layout.arrange,
      /** Called once the widgets are in the page (their widths are known). */
      start() {
        // The width the first frame draws to: the observer's first report (it always sends one) then changes
        // nothing, instead of drawing every figure a second time in the next frame.
        width = contentWidth(observe);
        resize.observe(observe);
        document.addEventListener('toggle', opened, true);
        render();
      },
      setParams: apply,
      destroy() {
        saveNow();
        removeEventListener('pagehide', saveNow);
        offLanguage();
        resize.disconnect();
        document.removeEventListener('toggle', opened, true);
        onScreen.disconnect();
        layout.disconnect();
        pause.cancel();
        document.documentElement.removeAttribute('data-arriving');
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
    parts,
    mount,
    /** A frame, for a change outside the parameters (a button pressed, a text pasted). */
    redraw: () => scheduleRender(),
    /** An input that arrives later (lesson-source.js); each answer that arrives redraws the page. */
    source: (load) => {
      const source = asyncSource(load, () => scheduleRender());
      sources.push(source);
      return source;
    },
    get view() {
      return state.view;
    },
    get touched() {
      return state.touched;
    },
  };
}


/** An element's content-box width as a ResizeObserver reports it (contentRect.width). */
function contentWidth(element) {
  const style = getComputedStyle(element);
  const sides = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce((sum, side) => sum + parseFloat(style[side]), 0);
  return element.getBoundingClientRect().width - sides;
}

/**
 * Which views are on the screen, even by a few pixels, kept up to date by an IntersectionObserver so that a frame
 * reads no layout. An element is measured once, when first asked about, until the observer's first report
 * arrives. Not "near" it: on a phone a panel of fields fills most of the screen, and the figures under it, a few
 * hundred pixels below, were drawn on every move of a drag nobody could see them in (what a reader scrolls to
 * meanwhile is drawn at the next move, or at the pause).
 */
function onScreenWatch() {
  const seen = new WeakMap();
  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver((entries) => entries.forEach((e) => seen.set(e.target, e.isIntersecting)));
  return {
    test(element) {
      if (!observer) return true;
      if (!seen.has(element)) {
        const box = element.getBoundingClientRect();
        seen.set(element, box.bottom > 0 && box.top < innerHeight && box.width > 0);
        observer.observe(element);
      }
      return seen.get(element);
    },
    disconnect: () => observer?.disconnect(),
  };
}

/**
 * Controls in view of what they change (see the top of this file), for any lesson skeleton (this one, and
 * training/training-lesson.js): names the driven widgets and their panels' fields now; arrange(root) once
 * the text is in; disconnect() when the lesson goes.
 */
export function controlsInView(widgets, drives, fieldDrives = {}) {
  nameDriven(widgets, drives, fieldDrives);
  let strips = null; // the sticky control strips of the text on screen
  return {
    arrange(root) {
      strips?.disconnect();
      strips = arrangeControls(root, drives);
    },
    disconnect: () => strips?.disconnect(),
  };
}

/** The form controls of a panel's fields: what aria-controls goes on. */
const FIELD_CONTROLS = '.field :is(input, select, textarea)';

/**
 * Every driven widget gets an id (its own, or view-<name>) and every field of a driving panel aria-controls: the
 * panel's widgets, or the fewer its entry in fieldDrives names (each one of the panel's: its strip spans them).
 */
function nameDriven(widgets, drives, fieldDrives) {
  for (const name of Object.entries(drives).flat(2)) {
    if (!widgets[name]) throw new Error(`lesson-view: drives names "${name}", which is none of the lesson's widgets`);
  }
  for (const names of Object.values(drives)) for (const name of names) widgets[name].id ||= `view-${name}`;
  for (const [panel, names] of Object.entries(drives)) {
    const ids = names.map((name) => widgets[name].id).join(' ');
    for (const control of widgets[panel].querySelectorAll(FIELD_CONTROLS)) control.setAttribute('aria-controls', ids);
  }
  for (const [field, names] of Object.entries(fieldDrives)) {
    const panel = Object.keys(drives).find((name) => widgets[name].querySelector(`[data-field="${field}"]`));
    const others = names.filter((name) => !drives[panel]?.includes(name));
    if (!panel || others.length) throw new Error(`lesson-view: fieldDrives names "${field}" with ${others.join(', ') || 'no panel'} outside its panel's drives`);
    const ids = names.map((name) => widgets[name].id).join(' ');
    for (const control of widgets[panel].querySelectorAll(`[data-field="${field}"] :is(input, select, textarea)`)) control.setAttribute('aria-controls', ids);
  }
}

/**
 * Wraps each panel's run of the text (controlRuns) in a <div class="control-scope"> and makes the panel's slot
 * its sticky strip (see the top of this file). → { disconnect() }, which stops measuring them.
 */
function arrangeControls(root, drives) {
  const slotOf = (name) => root.querySelector(`[data-slot="${name}"]`);
  const order = [...root.querySelectorAll('[data-slot]')].map((slot) => slot.dataset.slot);
  const slots = controlRuns(drives, order).map(({ panel, last }) => {
    const slot = slotOf(panel);
    // The text's blocks from the panel's to the one holding the last driven slot, siblings of the panel's.
    let end = slotOf(last);
    while (end.parentNode !== slot.parentNode) end = end.parentNode;
    const scope = document.createElement('div');
    scope.className = 'control-scope';
    slot.before(scope);
    for (let node = slot, stop = false; !stop; ) {
      const next = node.nextSibling;
      stop = node === end;
      scope.append(node);
      node = next;
    }
    slot.classList.add('control-strip');
    return slot;
  });
  return stickyStrips(slots);
}

/**
 * Keeps the sticky strips' geometry in CSS variables: on each slot, --scroll-away (the height of what in its
 * panel sits above the part that stays, data-strip: it scrolls away under the header); on <html>,
 * --strip-height (the tallest part that stays, for scroll-margin) and --header-height (see watchHeader);
 * and data-stuck on a slot while it is stuck (its shadow).
 */
function stickyStrips(slots) {
  const root = document.documentElement;
  if (!slots.length) {
    root.style.removeProperty('--strip-height');
    return { disconnect() {} };
  }
  watchHeader();
  const measure = () => {
    let tallest = 0;
    for (const slot of slots) {
      const box = slot.getBoundingClientRect();
      const strip = slot.querySelector('[data-strip]');
      const away = strip ? strip.getBoundingClientRect().top - box.top : 0;
      slot.style.setProperty('--scroll-away', `${Math.max(0, away)}px`);
      tallest = Math.max(tallest, box.height - away);
    }
    root.style.setProperty('--strip-height', `${Math.ceil(tallest)}px`);
    markStuck();
  };
  // Stuck: moved down from its place at the top of its scope (margins do not collapse through it: controls.css).
  const markStuck = () => {
    for (const slot of slots) {
      const stuck = slot.getBoundingClientRect().top - slot.parentNode.getBoundingClientRect().top > 0.5;
      if (stuck !== slot.hasAttribute('data-stuck')) slot.toggleAttribute('data-stuck', stuck);
    }
  };
  const onScroll = perFrame(markStuck);
  const resize = new ResizeObserver(measure);
  slots.forEach((slot) => resize.observe(slot));
  addEventListener('scroll', onScroll, { passive: true });
  return {
    disconnect() {
      resize.disconnect();
      removeEventListener('scroll', onScroll);
      root.style.removeProperty('--strip-height');
    },
  };
}

/**
 * --header-height on <html>: the site header's height while it is sticky (below 960 px, styles/layout.css),
 * else 0. Watched once for the page's life: the header's height changes with the width and the text size.
 */
let headerWatched = false;
function watchHeader() {
  if (headerWatched) return;
  headerWatched = true;
  const header = document.querySelector('.site-header');
  const set = () => {
    const sticky = header && getComputedStyle(header).position === 'sticky';
    document.documentElement.style.setProperty('--header-height', `${sticky ? header.offsetHeight : 0}px`);
  };
  set();
  if (header) new ResizeObserver(set).observe(header);
  addEventListener('resize', set);
}
