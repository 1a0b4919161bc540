// training/transformer-worker.js — one transformer training run per worker, so several positional methods train
// side by side on machines with several cores. A run is a toy task's (run.js) or, with settings.kind 'language',
// a character-level language model's (language.js, lesson 18). It loads its own copy of the WebAssembly module, trains in
// slices (reporting progress and the accuracy curve between them), stops when cancelled, continues when asked,
// and answers questions about the trained model. Only src/kernel/workers.js talks to it (createTransformerRun()).
//
// In:  {type: 'init', url} · {type: 'start', id, settings} · {type: 'train', id, steps, evalLengths}
//      {type: 'cancel'} · {type: 'ask', id, method, args}
// Out: {type: 'progress', progress} · {type: 'result', id, result} · {type: 'error', id, error}
//      (a train result: {cancelled, step, elapsed} or, when the loss or the gradients stopped being finite,
//      {cancelled: false, step, diverged: {step, quantity: 'loss' | 'gradient', value: 'nan' | 'infinite'}})
import { createRun } from './run.js';
import { createLanguageRun } from './language.js';
import { serveWorker, yieldToMessages } from './worker-support.js';

let run = null;
let generation = 0; // a cancel or a new start bumps it; the running loop sees it and stops

async function start({ settings }, poslab) {
  generation += 1;
  if (run) run.delete();
  run = null; // a failed createRun leaves no run behind
  if (settings.kind === 'language') {
    run = createLanguageRun(poslab, settings);
    return { vocabSize: run.vocabulary.vocabSize, settings: run.settings, parameterCount: run.parameterCount };
  }
  run = createRun(poslab, settings);
  return { vocabulary: run.vocabulary, format: run.format, size: run.size, parameterCount: run.parameterCount };
}

/**
 * Trains `steps` more steps. Every `every` steps (and at the end) the accuracy at each of evalLengths is
 * measured and sent with the progress, so the page draws the curves as they grow.
 */
async function train({ steps, evalLengths }) {
  if (!run) throw Object.assign(new Error('no run has been started'), { code: 'not_ready', argument: 'run' });
  const mine = generation;
  const first = run.step;
  const last = first + steps;
  const every = Math.max(1, Math.round(steps / 40));
  const started = performance.now();
  let sliceStart = started;
  let losses = [];
  const measure = () => evalLengths.map((n) => run.evaluate(n));
  self.postMessage({ type: 'progress', progress: { step: first, first, last, loss: null, evaluations: first === 0 ? measure() : null, elapsed: 0 } });
  // The speed for the page's time estimate: over the first slice between two points, then from the end of that
  // slice on. An average from the start would carry the first steps' start-up (the module's code being
  // optimised as it runs, the first evaluation) into every estimate; one from the last slice only is noisy.
  let since = { time: performance.now(), step: first };
  let warmedUp = false;
  while (run.step < last) {
    const stepLoss = run.trainStep();
    // Numbers that stopped being finite: the run stops here and says where (the page tells the reader).
    if (run.diverged) break;
    losses.push(stepLoss);
    const done = run.step === last;
    if (run.step % every === 0 || done) {
      const loss = losses.reduce((a, b) => a + b, 0) / losses.length;
      losses = [];
      const now = performance.now();
      const elapsed = (now - started) / 1000;
      const steadyStepsPerSecond = (run.step - since.step) / Math.max((now - since.time) / 1000, 1e-6);
      if (!warmedUp) {
        warmedUp = true;
        since = { time: now, step: run.step };
      }
      self.postMessage({ type: 'progress', progress: { step: run.step, first, last, loss, evaluations: measure(), elapsed, stepsPerSecond: (run.step - first) / Math.max(elapsed, 1e-6), steadyStepsPerSecond } });
    }
    if (performance.now() - sliceStart < 40) continue;
    await yieldToMessages();
    sliceStart = performance.now();
    if (generation !== mine) return { cancelled: true, step: run?.step ?? 0 };
  }
  if (run.diverged) return { cancelled: false, step: run.step, diverged: run.diverged };
  return { cancelled: false, step: run.step, elapsed: (performance.now() - started) / 1000 };
}

const questions = {
  predict: ({ xs }) => run.predict(xs),
  evaluate: ({ lengths }) => lengths.map((n) => run.evaluate(n)),
  generate: ({ prompt, count, options }) => run.generate(prompt, count, options),
};

serveWorker({
  handlers: {
    start,
    train,
    ask({ method, args }) {
      if (!run) throw Object.assign(new Error('no run has been started'), { code: 'not_ready', argument: 'run' });
      return questions[method](args);
    },
  },
  onCancel() {
    generation += 1;
  },
});
