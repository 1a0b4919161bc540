// training/run-set.js — the runs of a training lesson (a, b, c in lesson 12; a … f in lesson 13), one Web Worker
// each (kernel.createTransformerRun): build their models, train them as many at a time as the machine has cores
// (the others wait their turn, so six runs on two cores leave the page responsive), collect each one's curve
// points, show their state in the setup panel, cancel, continue, ask the trained ones. No maths here.
import { createTransformerRun } from '../kernel.js';
import { RUNS } from './setup-view.js';

/** How many runs train at the same time: one per core the browser reports, at least one. */
export function parallelRuns() {
  return Math.max(1, Math.min(8, globalThis.navigator?.hardwareConcurrency || 2));
}

/**
 * setup: the lesson's setupView; onPoint(): a run reported a new point (redraw the curves); ids: every run the
 * lesson has; slots: how many train at once.
 */
export function runSet({ setup, onPoint, ids: all = RUNS, slots = parallelRuns() }) {
  const runs = Object.fromEntries(all.map((id) => [id, { client: null, method: null, points: [], state: { kind: 'idle' }, info: null, step: 0 }]));
  let ticket = 0;
  let current = null; // the training in progress: {mine, cancelled}

  const show = (id, state) => {
    runs[id].state = state;
    setup.setRun(id, state);
  };

  /** Trains one run `steps` more steps on its worker (its model is already built). */
  async function trainOne(id, { steps, evalLengths }, call) {
    const run = runs[id];
    if (call.cancelled) {
      show(id, { kind: 'cancelled', step: run.step });
      return;
    }
    const result = await run.client.train(steps, evalLengths, (p) => {
      if (call.mine !== ticket) return;
      run.step = p.step;
      const e = p.evaluations?.[0];
      const accuracy = e?.available ? e.tokens.correct / e.tokens.total : null;
      if (e) run.points.push({ step: p.step, loss: p.loss, tokens: accuracy, sequences: e.available ? e.sequences.correct / e.sequences.total : null });
      show(id, { kind: 'running', step: p.step, first: p.first, last: p.last, loss: p.loss, accuracy, speed: p.stepsPerSecond, parameters: run.info.parameterCount });
      onPoint();
    });
    if (call.mine !== ticket) return; // a newer Train replaced this run's model
    run.step = result.step;
    const last = run.points.at(-1) ?? {};
    show(id, result.cancelled
      ? { kind: 'cancelled', step: result.step }
      : { kind: 'done', step: result.step, loss: last.loss, accuracy: last.tokens, speed: run.state.speed, parameters: run.info.parameterCount });
  }

  /**
   * Trains the runs `ids` `steps` more steps; fresh: new models from settingsOf(id) (else they continue).
   * evalLengths: the held-out lengths measured at each point (the curve uses the first). Every model is built
   * first (quick), so a run cancelled before its turn keeps a model at its step and can continue. Resolves when
   * all runs have stopped; returns false when a newer train overtook it.
   */
  async function train({ ids, settingsOf, steps, evalLengths, fresh }) {
    const call = { mine: ++ticket, cancelled: false };
    current = call;
    const ready = [];
    await Promise.all(ids.map(async (id) => {
      const run = runs[id];
      run.client ??= createTransformerRun();
      try {
        if (fresh) {
          run.method = settingsOf(id).positional;
          run.points = [];
          run.info = null;
          run.step = 0;
          show(id, { kind: 'starting' });
          run.info = await run.client.start(settingsOf(id));
        }
        if (call.mine !== ticket) return;
        show(id, { kind: 'waiting', step: run.step });
        ready.push(id);
      } catch (err) {
        if (call.mine === ticket) show(id, { kind: 'error', error: err });
      }
    }));
    // In the lesson's order, `slots` at a time.
    const queue = ids.filter((id) => ready.includes(id));
    const lane = async () => {
      for (let id = queue.shift(); id !== undefined && call.mine === ticket; id = queue.shift()) {
        try {
          await trainOne(id, { steps, evalLengths }, call);
        } catch (err) {
          if (call.mine === ticket) show(id, { kind: 'error', error: err });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(slots, queue.length) }, lane));
    if (current === call) current = null;
    return call.mine === ticket;
  }

  return {
    runs,
    train,
    /** Stops the runs part-way (those still waiting stop where they are); each keeps its model and can continue. */
    cancel(ids) {
      if (current) current.cancelled = true;
      for (const id of ids) runs[id].client?.cancel();
    },
    /** The runs among `ids` with a model to ask (trained to the end, or stopped part-way). */
    trained: (ids) => ids.filter((id) => runs[id].info && ['done', 'cancelled'].includes(runs[id].state.kind)),
    ask: (id, method, args) => runs[id].client.ask(method, args),
    curves: (ids, methodOf) => ids.map((id) => ({ id, method: runs[id].method ?? methodOf(id), points: runs[id].points })),
    terminate() {
      ticket += 1;
      for (const id of all) runs[id].client?.terminate();
    },
  };
}
