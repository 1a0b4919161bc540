// training/training-lesson.js — the skeleton lessons 14 and 15 share: the setup panel, its presets and its runs
// (a, b, c in lesson 14; a … f in lesson 15; runSet, one worker each), the learning curves, which parameters make
// the runs on screen stale, Train / Cancel / Continue, language changes and resizes. Each lesson adds what it
// does with trained runs. No maths here.
import { onLanguageChange } from '../i18n.js';
import { atPause, perFrame } from '../schedule.js';
import { createTransformerRun } from '../kernel.js';
import { controlsInView } from '../lesson-view.js';
import { setupView } from './setup-view.js';
import { curvesView } from './curves-view.js';
import { runSet, RUNS } from './run-set.js';

/**
 * initial, save: the lesson's state and where it is kept. params, trainingParams (the names whose change makes
 * trained runs stale), layout, prefix: the setup panel (see setupView). settings(view, method) → a run's
 * settings. evalLengths(view): held-out lengths measured during training. afterTrain(view, fresh): called with
 * the view the training started from, once every active run has stopped (not when a newer Train overtook it).
 * onOther(name): a parameter that is not a training one changed. extraFields: the lesson's own fields.
 * relabel(), resized(): the lesson's own views on a language change and a new width. runs: the run ids (each a
 * parameter naming its method, or 'off'); presets: [{id, values}] (see setupView), applied and saved on a click.
 * runTexts, charts: the runs' status lines (setupView) and the learning curves drawn (curvesView).
 */
export function trainingLesson({
  initial, save, params, trainingParams, layout, prefix, settings, evalLengths, afterTrain, beforeTrain = () => {},
  onOther = () => {}, extraFields = {}, relabel = () => {}, resized = () => {}, runs: runIds = RUNS, presets = [],
  runTexts, charts,
}) {
  const view = { ...initial };
  let trainedWith = null; // the training parameters of the runs on screen
  // The link and the stored state follow a slider once the reader pauses, as in every lesson (lesson-view.js):
  // history.replaceState and localStorage cost several milliseconds a move. A preset, a button, leaving the page:
  // at once.
  const saving = atPause(() => save({ ...view }));
  const saveNow = () => {
    saving.cancel();
    save({ ...view });
  };
  const saveIfWaiting = () => saving.waiting && saveNow();
  addEventListener('pagehide', saveIfWaiting);

  const setup = setupView({
    params, layout, prefix, runs: runIds, presets, runTexts,
    onPreset: (preset) => {
      apply(preset.values);
      saveNow();
    },
    onValue: propose,
    onTrain: () => go(true),
    onCancel: () => runs.cancel(active()),
    onContinue: () => go(false),
  });
  const curves = curvesView({ charts, progress: setup.progress });
  const fields = { ...setup.fields, ...extraFields };

  const active = () => runIds.filter((id) => view[id] !== 'off');
  const methods = () => Object.fromEntries(runIds.map((id) => [id, view[id]]));
  const redraw = perFrame(() => curves.draw(runs.curves(active(), (id) => view[id])));
  const runs = runSet({ createClient: createTransformerRun, setup, onPoint: redraw, ids: runIds });
  const trainingKey = () => JSON.stringify(trainingParams.map((name) => view[name]));
  const showStale = () => setup.setStale(trainedWith !== null && trainingKey() !== trainedWith);

  /** Trains every active run view.steps steps; fresh: new models from the seed (else they continue). */
  async function go(fresh) {
    if (fresh) {
      trainedWith = trainingKey();
      beforeTrain();
    }
    setup.setStale(false);
    const asked = { ...view };
    const done = await runs.train({ ids: active(), settingsOf: (id) => settings(view, view[id]), steps: view.steps, evalLengths: evalLengths(view), fresh });
    if (done) await afterTrain(asked, fresh);
  }

  function propose(name, value) {
    view[name] = value;
    saving.later();
    if (runIds.includes(name)) setup.setMethods(methods());
    if (trainingParams.includes(name)) showStale();
    else onOther(name);
  }

  function apply(values) {
    Object.assign(view, values);
    for (const [name, field] of Object.entries(fields)) field.set(view[name]);
    setup.setMethods(methods());
    showStale();
    onOther(null);
  }

  for (const [name, field] of Object.entries(fields)) field.set(view[name]);
  setup.setMethods(methods());

  const offLanguage = onLanguageChange(() => {
    setup.relabel();
    curves.relabel();
    relabel();
  });
  let lastWidth = 0;
  const resize = new ResizeObserver(() => {
    const width = curves.width();
    if (width === lastWidth) return;
    lastWidth = width;
    redraw();
    resized();
  });

  return {
    view,
    runs,
    active,
    propose,
    setup,
    curves,
    /**
     * The lesson's mount() result, given its widgets (setup and curves included by the lesson where it wants
     * them) and which widgets each panel's fields change (drives, as in lesson-view.js).
     */
    lifecycle(widgets, drives = {}) {
      const layout = controlsInView(widgets, drives);
      return {
        widgets,
        arrange: layout.arrange,
        start() {
          resize.observe(curves.element);
        },
        setParams: apply,
        destroy() {
          saveIfWaiting();
          removeEventListener('pagehide', saveIfWaiting);
          offLanguage();
          resize.disconnect();
          runs.terminate();
          layout.disconnect();
        },
      };
    },
  };
}
