// The lesson skeleton's asynchronous inputs (web/src/lesson-source.js, lesson-view.js's source()): a frame asks
// by key and gets what has arrived; a new key starts one load, the same key none; an answer arriving late for a
// key no longer wanted is dropped; errors arrive as outcomes; each arrival asks for one redraw.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asyncSource } from '../../web/src/lesson-source.js';

/** A load whose calls the test settles by hand, in any order. */
function handLoad() {
  const calls = [];
  const load = (args) => new Promise((resolve, reject) => calls.push({ args, resolve, reject }));
  return { load, calls };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test('nothing before the first answer; one load per new key; the answer arrives with its key and one redraw', async () => {
  const { load, calls } = handLoad();
  let redraws = 0;
  const source = asyncSource(load, () => redraws++);
  assert.equal(source.loading, false);
  assert.equal(source.latest('a', { n: 1 }), null);
  assert.equal(source.loading, true);
  assert.equal(source.latest('a', { n: 1 }), null); // the same key again: no second load
  await tick();
  assert.deepEqual(calls.map((c) => c.args), [{ n: 1 }]);
  calls[0].resolve(10);
  await tick();
  assert.equal(redraws, 1);
  assert.equal(source.loading, false);
  assert.deepEqual(source.latest('a', { n: 1 }), { key: 'a', value: 10 });
  assert.equal(calls.length, 1);
});

test('a newer key wins: the older answer arriving after it is dropped, and the last answer stays until the new one', async () => {
  const { load, calls } = handLoad();
  let redraws = 0;
  const source = asyncSource(load, () => redraws++);
  source.latest('a', 1);
  await tick();
  calls[0].resolve('A');
  await tick();
  source.latest('b', 2);
  source.latest('c', 3);
  await tick();
  assert.deepEqual(calls.map((c) => c.args), [1, 2, 3]);
  // While b and c are on their way, the frame still draws a's answer.
  assert.deepEqual(source.latest('c', 3), { key: 'a', value: 'A' });
  calls[2].resolve('C');
  calls[1].resolve('B'); // late: c was asked for after b
  await tick();
  assert.equal(redraws, 2);
  assert.deepEqual(source.latest('c', 3), { key: 'c', value: 'C' });
  // Back to a key asked before: a new load (the answer may have changed, e.g. a model trained again).
  source.latest('a', 1);
  await tick();
  assert.equal(calls.length, 4);
});

test('a load that fails, or throws at once, arrives as an error outcome; the frame that asked never throws', async () => {
  const source = asyncSource((args) => {
    if (args === 'sync') throw Object.assign(new Error('bad'), { code: 'unknown_word' });
    return Promise.reject(Object.assign(new Error('later'), { code: 'not_trained' }));
  }, () => {});
  assert.equal(source.latest('x', 'sync'), null);
  await tick();
  assert.equal(source.latest('x', 'sync').error.code, 'unknown_word');
  source.latest('y', 'async');
  await tick();
  const outcome = source.latest('y', 'async');
  assert.equal(outcome.key, 'y');
  assert.equal(outcome.error.code, 'not_trained');
  assert.equal('value' in outcome, false);
});
