// schedule.js — coalesces bursts of calls (a slider fires dozens of input events per second) into one call
// per animation frame, with the latest arguments: the page redraws as fast as the screen refreshes, never
// queues stale frames, and never draws the same frame twice.
export function perFrame(fn) {
  let queued = false;
  let latest = [];
  return (...args) => {
    latest = args;
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      fn(...latest);
    });
  };
}

/** How long after the last change the reader is taken to have paused (a slider let go, a word typed). */
export const PAUSE_MS = 150;

/**
 * Runs `task` once the reader pauses: PAUSE_MS after the last call of later(). While it waits, <html
 * data-deferred> says so (tests' settled() waits it out). task() may return false to keep that mark: it has
 * asked for a frame that ends the wait itself (cancel()). `waiting`: whether a call of later() has not been
 * followed by the task yet (what leaving the page must still save).
 */
export function atPause(task) {
  const root = document.documentElement;
  let timer = 0;
  return {
    later() {
      root.dataset.deferred = '';
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (task() !== false) delete root.dataset.deferred;
      }, PAUSE_MS);
    },
    cancel() {
      clearTimeout(timer);
      delete root.dataset.deferred;
    },
    get waiting() {
      return 'deferred' in root.dataset;
    },
  };
}
