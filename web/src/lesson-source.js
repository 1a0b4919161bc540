// lesson-source.js — an input of a lesson's drawing that arrives later than the frame that needs it: a model
// trained in a Web Worker, the answers asked of it. The frame asks for what it wants by a key and draws what
// has arrived; a newer request makes an older answer that comes back late worthless. No page here (the unit
// tests in tests/js/lesson-view-source.test.mjs run it in Node); lesson-view.js binds it to its redraw.

/**
 * asyncSource(load, onSettled) → { latest(key, args), loading }.
 * latest(key, args): the last outcome that arrived, { key, value } or { key, error } (null before the first).
 * When `key` is not the one asked for last, load(args) starts (after the current frame, so a frame never waits
 * on it); when it settles, its outcome is kept and onSettled() asks for a redraw, unless a newer key was asked
 * for meanwhile: that outcome is then dropped, so a slow old answer never overwrites a newer one.
 * loading: the outcome of the last key asked for has not arrived yet.
 */
export function asyncSource(load, onSettled) {
  let asked; // the key of the last request
  let outcome = null;
  let runs = 0;
  return {
    latest(key, args) {
      if (key !== asked) {
        asked = key;
        const run = ++runs;
        const settle = (result) => {
          if (run !== runs) return;
          outcome = { key, ...result };
          onSettled();
        };
        Promise.resolve()
          .then(() => load(args))
          .then((value) => settle({ value }), (error) => settle({ error }));
      }
      return outcome;
    },
    get loading() {
      return asked !== undefined && outcome?.key !== asked;
    },
  };
}
