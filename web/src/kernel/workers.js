// Training off the main thread. Each worker (training/word2vec-worker.js for Word2Vec, training/transformer-worker.js for
// the TinyTransformer) loads its own copy of the module, by the same URL the page would use, and answers by
// messages; lessons call createTrainer() / createTransformerRun() and get promises back, so kernel.js and
// this folder stay the page's only door to WebAssembly.
import { moduleUrl } from './call.js';

/** An error sent back by the worker as a plain object becomes an Error with the same fields again. */
function revive(plain) {
  const error = new Error(plain.message);
  Object.assign(error, plain);
  return error;
}

/** An Error with a code, so describeError() says it in the reader's language. */
function workerError(code, message) {
  return Object.assign(new Error(message), { code });
}

/**
 * A worker with its own module: send(message) → Promise of its result (by id), progress messages to
 * onProgress(message), cancel(), terminate(). The two trainers below are thin layers on it. The caller creates
 * the Worker itself: Vite finds and bundles a worker only in the literal `new Worker(new URL(…), …)` form.
 */
function workerClient(worker, onProgress) {
  const pending = new Map();
  let nextId = 1;
  const ready = moduleUrl().then((module) => worker.postMessage({ type: 'init', url: module }));

  worker.addEventListener('message', ({ data }) => {
    if (data.type === 'progress') {
      onProgress(data);
      return;
    }
    const request = pending.get(data.id);
    if (!request) return;
    pending.delete(data.id);
    if (data.type === 'error') request.reject(revive(data.error));
    else request.resolve(data.result);
  });
  worker.addEventListener('error', (event) => {
    for (const request of pending.values()) request.reject(workerError('worker_failed', event.message || 'the training worker failed'));
    pending.clear();
  });

  return {
    async send(message) {
      await ready;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ ...message, id });
      });
    },
    cancel() {
      worker.postMessage({ type: 'cancel' });
    },
    terminate() {
      worker.terminate();
      for (const request of pending.values()) request.reject(workerError('worker_stopped', 'the training worker was stopped'));
      pending.clear();
    },
  };
}

/**
 * A skip-gram trainer in a Web Worker.
 *   train(text, params, onProgress) → Promise<{progress, vocabulary, counts, info}> (rejects on bad input;
 *     resolves with {cancelled: true} when cancel() or a newer train() stopped it)
 *   cancel(); ask(method, args) → Promise (similarities, neighbours, projection, vector); terminate()
 * params use gensim's names in camelCase: vectorSize, window, negative, epochs, minCount, sample, alpha, seed.
 */
export function createTrainer() {
  let progressListener = null;
  let runId = 0;
  const client = workerClient(new Worker(new URL('../training/word2vec-worker.js', import.meta.url), { type: 'module' }), (data) => {
    if (data.run === runId && progressListener) progressListener(data.progress);
  });
  return {
    train(text, params, onProgress) {
      runId += 1;
      progressListener = onProgress;
      return client.send({ type: 'train', run: runId, text, params });
    },
    cancel: client.cancel,
    ask(method, args) {
      return client.send({ type: 'ask', method, args });
    },
    terminate: client.terminate,
  };
}

/**
 * One TinyTransformer training run in its own Web Worker (training/run.js says what a run is).
 *   start(settings) → Promise<{vocabulary, format, size}>: a new model and data stream (replaces the last one)
 *   train(steps, evalLengths, onProgress) → Promise<{cancelled, step}>: `steps` more steps; onProgress gets
 *     {step, first, last, loss, evaluations: [{length, available, tokens, sequences}], elapsed, stepsPerSecond}
 *   cancel() (the run keeps its model and can continue), ask('predict', {xs}) / ask('evaluate', {lengths}),
 *   terminate()
 */
export function createTransformerRun() {
  let progressListener = null;
  const client = workerClient(
    new Worker(new URL('../training/transformer-worker.js', import.meta.url), { type: 'module' }),
    (data) => progressListener?.(data.progress),
  );
  return {
    start(settings) {
      return client.send({ type: 'start', settings });
    },
    train(steps, evalLengths, onProgress) {
      progressListener = onProgress;
      return client.send({ type: 'train', steps, evalLengths });
    },
    cancel: client.cancel,
    ask(method, args) {
      return client.send({ type: 'ask', method, args });
    },
    terminate: client.terminate,
  };
}