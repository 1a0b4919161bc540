// training/word2vec-worker.js — long jobs off the main thread: trains a skip-gram (Word2Vec) in steps with its
// own copy of the WebAssembly module, reports progress between steps, stops when cancelled, and answers
// questions about the trained model. Only src/kernel/workers.js talks to it (createTrainer()).
//
// Messages in:  {type: 'init', url} · {type: 'train', id, run, text, params} · {type: 'cancel'}
//               {type: 'ask', id, method, args}
// Messages out: {type: 'progress', run, progress} · {type: 'result', id, result} · {type: 'error', id, error}

import { serveWorker, yieldToMessages } from './worker-support.js';

let model = null;     // the last SkipGram trained to the end (or cancelled part-way)
let activeRun = 0;    // a newer train or a cancel bumps it; the running loop sees it and stops

async function train({ run, text, params }, poslab) {
  activeRun = run;
  if (model) model.delete();
  model = null;
  const sg = new poslab.SkipGram(params);
  let info;
  try {
    info = sg.prepare(text);
  } catch (err) {
    sg.delete();
    throw err;
  }
  const started = performance.now();
  let progress = sg.progress();
  self.postMessage({ type: 'progress', run, progress: { ...progress, elapsed: 0 } });
  const step = Math.max(500, Math.floor(progress.totalWords / 200));
  // About 200 steps, each reported (the loss curve's points); the event loop gets a turn every 40 ms so a
  // cancel message is seen quickly without slowing short trainings down.
  let sliceStart = performance.now();
  while (!progress.finished) {
    progress = sg.trainSome(step);
    self.postMessage({ type: 'progress', run, progress: { ...progress, elapsed: (performance.now() - started) / 1000 } });
    if (performance.now() - sliceStart < 40) continue;
    await yieldToMessages();
    sliceStart = performance.now();
    if (activeRun !== run) {
      sg.delete();
      return { cancelled: true };
    }
  }
  model = sg;
  // The first sentence as the model saw it, so the page can show which word sits at which position.
  let firstSentence = null;
  try {
    firstSentence = poslab.tokenizeText(text.slice(0, 4000))[0] ?? null;
  } catch {
    firstSentence = null;  // cut inside a character: the page simply shows no sentence
  }
  return { cancelled: false, progress: { ...progress, elapsed: (performance.now() - started) / 1000 }, info, vocabulary: sg.vocabulary(), counts: sg.counts(), firstSentence };
}

// Questions about the trained model. All maths stays in the module.
const questions = {
  similarities({ word1, pos1, word2, pos2, variant }, poslab) {
    return poslab.wordPositionSimilarities(model.vector(word1), pos1, model.vector(word2), pos2, variant);
  },
  neighbours({ word, k }) {
    return model.mostSimilar(word, k);
  },
  projection({ top }) {
    return model.projection(top);
  },
  vector({ word }) {
    return model.vector(word);
  },
  /**
   * E001-4: pc(word) = y·√d + PE(pos), the vector itself: the word's row put at row `pos` of an otherwise empty
   * sequence, through the module's addPositionalEncoding (document 000's and 001's forward pass).
   */
  encoded({ word, pos, variant }, poslab) {
    const y = model.vector(word);
    const d = y.length;
    const x = new Float32Array((pos + 1) * d);
    x.set(y, pos * d);
    const pe = poslab.positionalEncoding(pos + 1, d, variant).slice(pos * d);
    return { y, pe, pc: poslab.addPositionalEncoding(x, pos + 1, d, variant, true).slice(pos * d) };
  },
};

serveWorker({
  handlers: {
    train,
    ask({ method, args }, poslab) {
      if (!model) throw Object.assign(new Error('the model has not been trained yet'), { code: 'not_trained', argument: 'model' });
      return questions[method](args, poslab);
    },
  },
  onCancel() {
    activeRun += 1;
  },
});
