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
