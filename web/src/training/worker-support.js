// training/worker-support.js — what the page's training workers share (word2vec-worker.js, transformer-worker.js):
// one message loop, yielding to their message queue between training slices, and errors as plain objects that
// survive postMessage.

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

/**
 * The message loop of a training worker. In: {type: 'init', url} loads its own copy of the WebAssembly module
 * once; {type: 'cancel'} calls onCancel() at once (a running handler sees it between slices); any other
 * {type, id, …} runs handlers[type](message, module) and answers {type: 'result', id, result}, or
 * {type: 'error', id, error} with the error as a plain object. Progress is the handlers' own to post.
 */
export function serveWorker({ handlers, onCancel }) {
  let modulePromise = null;
  self.addEventListener('message', async ({ data }) => {
    if (data.type === 'init') {
      modulePromise ??= import(/* @vite-ignore */ data.url).then((m) => m.default());
      return;
    }
    if (data.type === 'cancel') {
      onCancel();
      return;
    }
    const handler = handlers[data.type];
    if (!handler) return;
    try {
      const result = await handler(data, await modulePromise);
      self.postMessage({ type: 'result', id: data.id, result });
    } catch (err) {
      self.postMessage({ type: 'error', id: data.id, error: plainError(err) });
    }
  });
}
