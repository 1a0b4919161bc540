// The runs of the training lessons (web/src/training/run-set.js) driven with stand-in workers, no page: Cancel and
// Continue give every waiting run its turn; the time left is counted lane by lane, as many runs at a time as
// there are cores; a run whose numbers stopped being finite stops, says where, and is not continued.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runSet, turnOrder, timeLeft } from '../../web/src/training/run-set.js';

/**
 * A stand-in for kernel.createTransformerRun(): train() reports one step and then keeps "training" until
 * cancel(), like a long run cut short; or, with `finish`, reports its steps and resolves at once.
 * `training` counts the workers busy training right now; `onTrain` is called when one starts.
 */
function fakeWorkers({ finish = false } = {}) {
  const made = [];
  const world = { made, training: 0, onTrain: () => {} };
  world.create = () => {
    let step = 0;
    let stop = null;
    const client = {
      start: async () => ({ parameterCount: 100, vocabulary: { tokenNames: [] } }),
      train(steps, evalLengths, onProgress) {
        const first = step;
        const point = (at) => onProgress({ step: at, first, last: first + steps, loss: 1, evaluations: [{ available: true, tokens: { correct: 1, total: 2 }, sequences: { correct: 0, total: 1 } }], stepsPerSecond: 90, steadyStepsPerSecond: 100 });
        if (finish) {
          step += steps;
          point(step);
          return Promise.resolve({ cancelled: false, step });
        }
        step += 1;
        point(step);
        world.training += 1;
        return new Promise((resolve) => {
          stop = () => {
            stop = null;
            world.training -= 1;
            resolve({ cancelled: true, step });
          };
          world.onTrain();
        });
      },
      cancel: () => stop?.(),
      ask: async () => null,
      terminate() {},
    };
    made.push(client);
    return client;
  };
  return world;
}

/** A setup panel that keeps what it was told. */
function fakeSetup() {
  const setup = { states: {}, times: [] };
  setup.setRun = (id, state) => { setup.states[id] = state; };
  setup.setTime = (state) => setup.times.push(state);
  return setup;
}

const settingsOf = () => ({ positional: 'none' });

test('turnOrder: the fewest steps first, ties in the lesson\'s order', () => {
  assert.deepEqual(turnOrder(['a', 'b', 'c'], () => 0), ['a', 'b', 'c']);
  const steps = { a: 120, b: 80, c: 0 };
  assert.deepEqual(turnOrder(['a', 'b', 'c'], (id) => steps[id]), ['c', 'b', 'a']);
  assert.deepEqual(turnOrder(['a', 'b', 'c', 'd'], (id) => ({ a: 5, b: 5, c: 9, d: 5 })[id]), ['a', 'b', 'd', 'c']);
});

test('Cancel and Continue 60 times with two cores and three runs: every run trains, none falls behind', async () => {
  const workers = fakeWorkers();
  const setup = fakeSetup();
  const ids = ['a', 'b', 'c'];
  const set = runSet({ createClient: workers.create, setup, onPoint() {}, ids, slots: 2, now: () => 0 });
  /** One Train or Continue, cancelled as soon as both cores are busy (as a student clicking Cancel would). */
  async function cycle(fresh) {
    const busy = new Promise((resolve) => { workers.onTrain = () => workers.training === 2 && resolve(); });
    const done = set.train({ ids, settingsOf, steps: 1000, evalLengths: [6], fresh });
    await busy;
    set.cancel(ids);
    assert.equal(await done, true);
  }
  await cycle(true);
  for (let k = 0; k < 60; k++) await cycle(false);
  const steps = ids.map((id) => set.runs[id].step);
  // 61 turns of two cores among three runs: 122 steps, shared out within one step of each other.
  assert.equal(steps.reduce((a, b) => a + b, 0), 122);
  assert.ok(Math.max(...steps) - Math.min(...steps) <= 1, `steps ${steps}`);
  for (const id of ids) assert.equal(setup.states[id].kind, 'cancelled');
});

test('timeLeft: the waiting runs take the core that frees first; a free core starts one at once', () => {
  assert.equal(timeLeft({ running: [5, 8], waiting: [10], slots: 2 }), 15);
  assert.equal(timeLeft({ running: [5, 8], waiting: [10, 10, 10], slots: 2 }), 25);
  assert.equal(timeLeft({ running: [4], waiting: [6], slots: 2 }), 6);
  assert.equal(timeLeft({ running: [3, 2, 1], waiting: [], slots: 4 }), 3);
  assert.equal(timeLeft({ running: [2], waiting: [5, 5], slots: 1 }), 12);
});

test('the time shown: measured from the runs\' speed while they train, then the time the set took', async () => {
  const workers = fakeWorkers({ finish: true });
  const setup = fakeSetup();
  let clock = 0;
  const set = runSet({ createClient: workers.create, setup, onPoint() {}, ids: ['a', 'b', 'c'], slots: 2, now: () => clock });
  const done = set.train({ ids: ['a', 'b', 'c'], settingsOf, steps: 400, evalLengths: [6], fresh: true });
  clock = 12500;
  await done;
  // Run a reports its last step at 100 steps/s while b and c still wait: 400 steps each at that speed, one per
  // core, 4 s.
  const first = setup.times.find((s) => s?.kind === 'left');
  assert.deepEqual(first, { kind: 'left', seconds: 4, runs: 3, slots: 2 });
  assert.deepEqual(setup.times.at(-1), { kind: 'took', seconds: 12.5, runs: 3 });
});

test('a run whose numbers stop being finite stops where it says, is not asked, and Continue leaves it out', async () => {
  const workers = fakeWorkers({ finish: true });
  const setup = fakeSetup();
  // Run b's worker reports that its loss became NaN at step 37.
  const create = workers.create;
  let made = 0;
  workers.create = () => {
    const client = create();
    if (made++ === 1) client.train = async () => ({ cancelled: false, step: 36, diverged: { step: 37, quantity: 'loss', value: 'nan' } });
    return client;
  };
  const set = runSet({ createClient: () => workers.create(), setup, onPoint() {}, ids: ['a', 'b'], slots: 2, now: () => 0 });
  await set.train({ ids: ['a', 'b'], settingsOf, steps: 50, evalLengths: [6], fresh: true });
  assert.deepEqual(setup.states.b, { kind: 'diverged', step: 37, quantity: 'loss', value: 'nan' });
  assert.equal(setup.states.a.kind, 'done');
  assert.deepEqual(set.trained(['a', 'b']), ['a']);
  // Not every run trained to the end: no "took" line.
  assert.equal(setup.times.at(-1), null);
  let asked = 0;
  workers.made[1].train = async () => { asked += 1; return { cancelled: false, step: 0 }; };
  await set.train({ ids: ['a', 'b'], settingsOf, steps: 50, evalLengths: [6], fresh: false });
  assert.equal(asked, 0);
  assert.equal(setup.states.b.kind, 'diverged');
  assert.equal(set.runs.a.step, 100);
});
