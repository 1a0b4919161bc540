// worker-support.js — what the page's two training workers share (worker.js for Word2Vec,
// training/transformer-worker.js for the transformer): yielding to their message queue between training
// slices, and errors as plain objects that survive postMessage.

// A MessageChannel round trip yields to the event loop (so a 'cancel' message is handled between steps)
// without setTimeout's 4 ms clamp.
const channel = new MessageChannel();
const resumeQueue = [];
channel.port1.onmessage = () => resumeQueue.shift()();
export const yieldToMessages = () => new Promise((resolve) => {
  resumeQueue.push(resolve);
  channel.port2.postMessage(0);
});

/** An error as a plain object with every field describeError() reads (kernel.js revives it). */
export function plainError(err) {
  const out = { name: err?.name ?? 'Error', message: err?.message ?? String(err) };
  for (const key of ['code', 'argument', 'value', 'min', 'max', 'expected', 'index', 'word']) {
    if (err && err[key] !== undefined) out[key] = err[key];
  }
  return out;
}
