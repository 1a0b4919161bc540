// training/run-set.js — the runs a, b and c of a training lesson, one Web Worker each
// (kernel.createTransformerRun): start and train them together, collect each one's curve points, show their
// state in the setup panel, cancel, continue, ask the trained ones. No maths here.
import { createTransformerRun } from '../kernel.js';
import { RUNS } from './setup-view.js';

/** setup: the lesson's setupView; onPoint(): a run reported a new point (redraw the curves). */
export function runSet({ setup, onPoint }) {
  const runs = Object.fromEntries(RUNS.map((id) => [id, { client: null, method: null, points: [], state: { kind: 'idle' }, info: null }]));
  let ticket = 0;

  const show = (id, state) => {
    runs[id].state = state;
    setup.setRun(id, state);
  };

  /**
   * Trains the runs `ids` `steps` more steps; fresh: new models from settingsOf(id) (else they continue).
   * evalLengths: the held-out lengths measured at each point (the curve uses the first). Resolves when all
   * runs have stopped; returns false when a newer train or a cancel overtook it.
   */
  async function train({ ids, settingsOf, steps, evalLengths, fresh }) {
    const mine = ++ticket;
    await Promise.all(ids.map(async (id) => {
      const run = runs[id];
      run.client ??= createTransformerRun();
      try {
        if (fresh) {
          run.method = settingsOf(id).positional;
          run.points = [];
          run.info = null;
          show(id, { kind: 'starting' });
          run.info = await run.client.start(settingsOf(id));
        }
        const result = await run.client.train(steps, evalLengths, (p) => {
          if (mine !== ticket) return;
          const e = p.evaluations?.[0];
          const accuracy = e?.available ? e.tokens.correct / e.tokens.total : null;
          if (e) run.points.push({ step: p.step, loss: p.loss, tokens: accuracy, sequences: e.available ? e.sequences.correct / e.sequences.total : null });
          show(id, { kind: 'running', step: p.step, first: p.first, last: p.last, loss: p.loss, accuracy, speed: p.stepsPerSecond, parameters: run.info.parameterCount });
          onPoint();
        });
        if (mine !== ticket) return; // a newer Train replaced this run's model
        const last = run.points.at(-1) ?? {};
        show(id, result.cancelled
          ? { kind: 'cancelled', step: result.step }
          : { kind: 'done', step: result.step, loss: last.loss, accuracy: last.tokens, speed: run.state.speed, parameters: run.info.parameterCount });
      } catch (err) {
        if (mine === ticket) show(id, { kind: 'error', error: err });
      }
    }));
    return mine === ticket;
  }

  return {
    runs,
    train,
    /** Stops the runs part-way; each keeps its model and can continue. */
    cancel(ids) {
      for (const id of ids) runs[id].client?.cancel();
    },
    /** The runs among `ids` with a model to ask (trained to the end, or stopped part-way). */
    trained: (ids) => ids.filter((id) => runs[id].info && ['done', 'cancelled'].includes(runs[id].state.kind)),
    ask: (id, method, args) => runs[id].client.ask(method, args),
    curves: (ids, methodOf) => ids.map((id) => ({ id, method: runs[id].method ?? methodOf(id), points: runs[id].points })),
    terminate() {
      ticket += 1;
      for (const id of RUNS) runs[id].client?.terminate();
    },
  };
}
