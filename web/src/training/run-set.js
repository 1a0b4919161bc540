// training/run-set.js — the runs of a training lesson (a, b, c in lesson 14; a … f in lesson 15), one Web Worker
// each (kernel.createTransformerRun, passed in as createClient): build their models, train them as many at a
// time as the machine has cores (the others wait their turn, so six runs on two cores leave the page
// responsive), collect each one's curve points, estimate the time left from the speed measured on this device,
// show their state in the setup panel, cancel, continue, ask the trained ones. No maths here, and no page:
// the setup panel and the workers are passed in, so Node tests can drive it with stand-ins.

/** The runs of lesson 14; a lesson with more passes its own ids (lesson 15: a … f). */
export const RUNS = ['a', 'b', 'c'];

/** How many runs train at the same time: one per core the browser reports, at least one. */
export function parallelRuns() {
  return Math.max(1, Math.min(8, globalThis.navigator?.hardwareConcurrency || 2));
}

/**
 * The order in which waiting runs get a free core: the fewest steps first, then the lesson's order. A fresh
 * Train (every run at 0) goes in the lesson's order; after a Cancel, Continue gives its turn first to the runs
 * that trained least, so cancelling and continuing again and again never leaves one run behind for good.
 */
export function turnOrder(ids, stepOf) {
  return ids.map((id, k) => ({ id, k, step: stepOf(id) })).sort((x, y) => x.step - y.step || x.k - y.k).map((x) => x.id);
}

/**
 * Seconds until every run has stopped, `slots` at a time: running: the seconds each running run has left;
 * waiting: the seconds each waiting run will take, in the order they get a core. Each waiting run starts on the
 * core that frees first, as the lanes of train() take them.
 */
export function timeLeft({ running, waiting, slots }) {
  const lanes = [...running];
  while (lanes.length < slots) lanes.push(0);
  for (const seconds of waiting) {
    lanes.sort((x, y) => x - y);
    lanes[0] += seconds;
  }
  return Math.max(0, ...lanes);
}

/**
 * createClient(): a new training worker (kernel.createTransformerRun); setup: the lesson's setupView (setRun,
 * setTime); onPoint(): a run reported a new point (redraw the curves); ids: every run the lesson has; slots:
 * how many train at once; now(): milliseconds, for the time the runs took.
 */
export function runSet({ createClient, setup, onPoint, ids: all = RUNS, slots = parallelRuns(), now = () => performance.now() }) {
  const runs = Object.fromEntries(all.map((id) => [id, { client: null, method: null, points: [], state: { kind: 'idle' }, info: null, step: 0 }]));
  let ticket = 0;
  // The training in progress: {mine, cancelled, started, steps, count, speed (the last mean, steps/s),
  // waiting: [ids], running: Map(id → {step, last, speed})}.
  let current = null;

  const show = (id, state) => {
    runs[id].state = state;
    setup.setRun(id, state);
  };

  /**
   * The time the current training has left, from the speed each running run measured once started up: a run
   * that has not measured its own yet, and every waiting run, is expected at the mean speed of those that have
   * (it will share the cores the same way). Unknown (null) until a run has measured its speed.
   */
  function estimate(call) {
    const speeds = [...call.running.values()].map((r) => r.speed).filter((s) => s > 0);
    if (speeds.length) call.speed = speeds.reduce((a, b) => a + b, 0) / speeds.length;
    const mean = call.speed;
    if (!mean) return null;
    const running = [...call.running.values()].map((r) => (r.last - r.step) / (r.speed > 0 ? r.speed : mean));
    const waiting = call.waiting.map(() => call.steps / mean);
    return timeLeft({ running, waiting, slots });
  }

  /** Trains one run `steps` more steps on its worker (its model is already built). */
  async function trainOne(id, { steps, evalLengths }, call) {
    const run = runs[id];
    call.waiting = call.waiting.filter((w) => w !== id);
    if (call.cancelled) {
      show(id, { kind: 'cancelled', step: run.step });
      return;
    }
    call.running.set(id, { step: run.step, last: run.step + steps, speed: 0 });
    let result;
    try {
      result = await run.client.train(steps, evalLengths, (p) => {
        if (call.mine !== ticket) return;
        run.step = p.step;
        const e = p.evaluations?.[0];
        const accuracy = e?.available ? e.tokens.correct / e.tokens.total : null;
        // A language model's progress has its training loss only (no held-out accuracy to measure).
        if (e) run.points.push({ step: p.step, loss: p.loss, tokens: accuracy, sequences: e.available ? e.sequences.correct / e.sequences.total : null });
        else if (p.loss !== null) run.points.push({ step: p.step, loss: p.loss, tokens: null, sequences: null });
        const steady = p.steadyStepsPerSecond ?? 0;
        call.running.set(id, { step: p.step, last: p.last, speed: steady });
        show(id, { kind: 'running', step: p.step, first: p.first, last: p.last, loss: p.loss, accuracy, speed: p.stepsPerSecond, left: steady > 0 ? (p.last - p.step) / steady : null, parameters: run.info.parameterCount });
        setup.setTime({ kind: 'left', seconds: estimate(call), runs: call.count, slots: Math.min(slots, call.count) });
        onPoint();
      });
    } finally {
      call.running.delete(id);
    }
    if (call.mine !== ticket) return; // a newer Train replaced this run's model
    run.step = result.step;
    const last = run.points.at(-1) ?? {};
    if (result.diverged) show(id, { kind: 'diverged', ...result.diverged });
    else if (result.cancelled) show(id, { kind: 'cancelled', step: result.step });
    else show(id, { kind: 'done', step: result.step, loss: last.loss, accuracy: last.tokens, speed: run.state.speed, parameters: run.info.parameterCount });
  }

  /**
   * Trains the runs `ids` `steps` more steps; fresh: new models from settingsOf(id) (else they continue, all
   * but those whose numbers stopped being finite). evalLengths: the held-out lengths measured at each point
   * (the curve uses the first). Every model is built first (quick), so a run cancelled before its turn keeps a
   * model at its step and can continue. Resolves when all runs have stopped; returns false when a newer train
   * overtook it.
   */
  async function train({ ids, settingsOf, steps, evalLengths, fresh }) {
    const call = { mine: ++ticket, cancelled: false, steps, started: now(), waiting: [], running: new Map(), count: 0, speed: 0 };
    current = call;
    setup.setTime(null);
    const wanted = fresh ? ids : ids.filter((id) => runs[id].state.kind !== 'diverged');
    const ready = [];
    await Promise.all(wanted.map(async (id) => {
      const run = runs[id];
      run.client ??= createClient();
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
    const queue = turnOrder(wanted.filter((id) => ready.includes(id)), (id) => runs[id].step);
    call.waiting = [...queue];
    call.count = queue.length;
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
    if (call.mine !== ticket) return false;
    // The time the whole set took on this device, once every run trained to the end.
    const finished = call.count > 0 && wanted.every((id) => runs[id].state.kind === 'done');
    setup.setTime(finished ? { kind: 'took', seconds: (now() - call.started) / 1000, runs: call.count } : null);
    return true;
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
