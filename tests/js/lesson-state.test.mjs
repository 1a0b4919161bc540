// The lesson skeleton's parameter logic (web/src/lesson-state.js, used by lesson-view.js) without a page: a
// field's value and a preset reach the draft and the view; a value the kernel rejects is blamed on the right
// field, shows its error there and is put back (to the last good view, or on a fresh link to the default);
// recent() keeps results by their arguments; defaultsOf reads a lesson's declarations; controlRuns finds the
// stretch of text a control panel stays in view over. The fields are stand-ins that record what they are told.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parameterState, defaultsOf, recent, controlRuns } from '../../web/src/lesson-state.js';
import { params as peMatrixParams } from '../../web/src/pe-matrix/params.js';

/** A field that records the values it is shown and the errors it is given. */
function standInField() {
  const field = { shown: [], errors: [] };
  field.set = (value) => field.shown.push(value);
  field.showError = (err) => field.errors.push(err ? err.code : null);
  return field;
}

function lessonState(initial, options = {}) {
  let changes = 0;
  const parameters = parameterState({ initial, onChange: () => changes++, ...options });
  parameters.state.fields = Object.fromEntries(Object.keys(initial).map((name) => [name, standInField()]));
  return { ...parameters, fields: parameters.state.fields, changes: () => changes };
}

/** An error as the kernel throws it (web/src/kernel.js): a code and the argument it is about. */
const kernelError = (code, argument) => Object.assign(new Error(code), { code, argument });

/**
 * Stands in for kernel.positionalEncoding and a row inspector: the rules docs/api.md gives, an odd d_model is refused
 * (odd_width) and a position must be below max_len (out_of_range on pos). Returns the arguments it accepted.
 */
function encoding({ maxLen, dModel, pos }) {
  if (dModel % 2) throw kernelError('odd_width', 'd_model');
  if (pos >= maxLen) throw kernelError('out_of_range', 'pos');
  return { maxLen, dModel, pos };
}
const KEYS = ['maxLen', 'dModel', 'pos'];
const FIELD_FOR = { max_len: 'maxLen', d_model: 'dModel', pos: 'pos' };

/** One frame as lesson-view.js's render runs it: compute with the draft over the view, then accept. */
function frame(lesson, blame) {
  const next = lesson.pending();
  const failed = new Set();
  const result = lesson.attempt(encoding, next, failed, blame);
  lesson.accept(next, failed, false);
  return { result, failed: [...failed] };
}

test('propose puts a field\'s value in the draft, marks it touched and asks for one redraw; the same value again asks for none', () => {
  const lesson = lessonState({ maxLen: 100, dModel: 64, pos: 1 });
  lesson.propose('dModel', 128);
  assert.equal(lesson.state.draft.dModel, 128);
  assert.equal(lesson.state.view.dModel, 64, 'the view waits for the kernel');
  assert.deepEqual([...lesson.state.touched], ['dModel']);
  assert.equal(lesson.changes(), 1);
  // A field reports its value again when it loses focus: nothing new.
  lesson.propose('dModel', 128);
  assert.equal(lesson.changes(), 1);
  assert.deepEqual(lesson.pending(), { maxLen: 100, dModel: 128, pos: 1 });
});

test('apply sets several values at once in the draft, the view and their fields, and clears their errors', () => {
  const lesson = lessonState({ maxLen: 100, dModel: 64, pos: 1 });
  // Document 000's preset: max_len 10, d_model 4.
  lesson.apply({ maxLen: 10, dModel: 4 });
  assert.deepEqual(lesson.state.view, { maxLen: 10, dModel: 4, pos: 1 });
  assert.deepEqual(lesson.state.draft, { maxLen: 10, dModel: 4, pos: 1 });
  assert.deepEqual(lesson.fields.maxLen.shown, [10]);
  assert.deepEqual(lesson.fields.dModel.shown, [4]);
  assert.deepEqual(lesson.fields.dModel.errors, [null]);
  assert.deepEqual(lesson.fields.pos.shown, [], 'a value not in the preset is left alone');
  assert.equal(lesson.changes(), 1);
});

test('a rejected value is blamed on the field that answers for the kernel\'s argument, shows there and goes back', () => {
  const lesson = lessonState({ maxLen: 100, dModel: 64, pos: 1 });
  lesson.propose('maxLen', 50);
  lesson.propose('dModel', 65);
  const { result, failed } = frame(lesson, lesson.namedOrTouched(KEYS, FIELD_FOR));
  // Drawn with the last good d_model and the new max_len.
  assert.deepEqual(result, { maxLen: 50, dModel: 64, pos: 1 });
  assert.deepEqual(failed, ['dModel']);
  assert.deepEqual(lesson.fields.dModel.errors, ['odd_width'], 'd_model keeps its error');
  assert.deepEqual(lesson.fields.maxLen.errors, [null], 'the accepted field loses any old error');
  assert.deepEqual(lesson.state.view, { maxLen: 50, dModel: 64, pos: 1 });
  assert.equal(lesson.state.touched.size, 0);
  assert.equal(lesson.state.draft.dModel, 65, 'the field still holds what the reader typed');
});

test('when the named field did not change, the touched field that did takes the blame (a shorter matrix than the inspected row)', () => {
  const lesson = lessonState({ maxLen: 100, dModel: 64, pos: 5 });
  lesson.propose('maxLen', 3);
  const { result, failed } = frame(lesson, lesson.namedOrTouched(KEYS, FIELD_FOR));
  assert.deepEqual(failed, ['maxLen']);
  assert.deepEqual(result, { maxLen: 100, dModel: 64, pos: 5 });
  assert.deepEqual(lesson.fields.maxLen.errors, ['out_of_range']);
});

test('a link whose values hold alone but not together: the named field takes its default on the first frame only', () => {
  const defaults = { maxLen: 100, dModel: 64, pos: 1 };
  const lesson = lessonState({ maxLen: 3, dModel: 64, pos: 5 }, { defaults });
  const { result, failed } = frame(lesson, lesson.namedOrTouched(KEYS, FIELD_FOR));
  assert.deepEqual(failed, ['pos']);
  assert.deepEqual(result, { maxLen: 3, dModel: 64, pos: 1 });
  assert.deepEqual(lesson.fields.pos.shown, [1], 'the field shows the default it fell back to');
  assert.deepEqual(lesson.fields.pos.errors, ['out_of_range']);
  // Later the page keeps its last good view: the same mismatch arriving untouched is no field's to blame.
  lesson.state.view = { maxLen: 3, dModel: 64, pos: 5 };
  assert.throws(() => frame(lesson, lesson.namedOrTouched(KEYS, FIELD_FOR)), { code: 'out_of_range' });
});

test('namedOrDefault blames the named field, else the touched one, else puts a link\'s value back to its default', () => {
  const defaults = { maxLen: 100, dModel: 64, pos: 1 };
  const lesson = lessonState({ maxLen: 100, dModel: 64, pos: 1 });
  lesson.propose('dModel', 7);
  assert.deepEqual(frame(lesson, lesson.namedOrDefault(FIELD_FOR, defaults)).failed, ['dModel']);
  // The named pos did not change; the touched max_len did.
  const shorter = lessonState({ maxLen: 100, dModel: 64, pos: 5 });
  shorter.propose('maxLen', 3);
  assert.deepEqual(frame(shorter, shorter.namedOrDefault(FIELD_FOR, defaults)).failed, ['maxLen']);
  // Nothing touched, the named pos unchanged but not its default: back to the default, shown in its field.
  const fresh = lessonState({ maxLen: 100, dModel: 64, pos: 300 });
  const { result, failed } = frame(fresh, fresh.namedOrDefault(FIELD_FOR, defaults));
  assert.deepEqual(failed, ['pos']);
  assert.deepEqual(result, { maxLen: 100, dModel: 64, pos: 1 });
  assert.deepEqual(fresh.fields.pos.shown, [1]);
});

test('an error no field answers for goes on to the caller, untouched', () => {
  const lesson = lessonState({ maxLen: 100, dModel: 64, pos: 1 });
  const failure = kernelError('out_of_memory', 'size');
  assert.throws(() => lesson.attempt(() => { throw failure; }, lesson.pending(), new Set(), lesson.namedOrTouched(KEYS, FIELD_FOR)), (err) => err === failure);
});

test('syncDraft: after a frame the draft forgets the rejected value', () => {
  const lesson = lessonState({ maxLen: 100, dModel: 64, pos: 1 });
  lesson.propose('dModel', 9);
  const next = lesson.pending();
  const failed = new Set();
  lesson.attempt(encoding, next, failed, lesson.namedOrTouched(KEYS, FIELD_FOR));
  lesson.accept(next, failed, true);
  assert.equal(lesson.state.draft.dModel, 64);
});

test('recent() computes once per distinct argument list and keeps only the last `limit` of them', () => {
  const calls = [];
  const square = recent(2, (a, b) => {
    calls.push([a, b]);
    return a * b;
  });
  assert.equal(square(3, 4), 12);
  assert.equal(square(3, 4), 12);
  assert.equal(square(5, 6), 30);
  assert.deepEqual(calls, [[3, 4], [5, 6]]);
  assert.equal(square(7, 8), 56); // (3, 4) is the oldest: forgotten
  assert.equal(square(5, 6), 30);
  assert.equal(square(3, 4), 12);
  assert.deepEqual(calls, [[3, 4], [5, 6], [7, 8], [3, 4]]);
});

test('defaultsOf reads a lesson\'s declarations (the positional-encoding matrix\'s: document 002\'s matrix and six lines)', () => {
  assert.deepEqual(defaultsOf(peMatrixParams), {
    maxLen: 100, dModel: 64, variant: 'paper', dims: [0, 1, 10, 11, 30, 31], shown: 'all', rows: [1], posA: 2, posB: 10, cmpLenA: 5, cmpDA: 4, cmpLenB: 5, cmpDB: 6,
  });
});

const slotsOf = (folder, lang) => [...readFileSync(new URL(`../../web/lessons/${folder}/${lang}.md`, import.meta.url), 'utf8').matchAll(/data-slot="(\w+)"/g)].map((m) => m[1]);

test('controlRuns: the matrix lessons\' main panel stays in view from its slot to its last figure; panels that drive only themselves stay put', () => {
  const lessons = [
    { folder: '03-pe-matrix', drives: { controls: ['heatmap', 'lines', 'across'], lines: ['lines'], across: ['across'] }, last: 'across' },
    { folder: '04-pe-matrix-digits', drives: { controls: ['values', 'halves', 'layouts'], values: ['values'], layouts: ['layouts'], compare: ['compare'] }, last: 'layouts' },
  ];
  for (const { folder, drives, last } of lessons) {
    for (const lang of ['es', 'en']) assert.deepEqual(controlRuns(drives, slotsOf(folder, lang)), [{ panel: 'controls', last }], `${folder} ${lang}`);
  }
  // Two panels, each over its own stretch, in text order.
  assert.deepEqual(controlRuns({ b: ['y'], a: ['x', 'a'] }, ['a', 'x', 'b', 'y']), [{ panel: 'a', last: 'x' }, { panel: 'b', last: 'y' }]);
  assert.deepEqual(controlRuns({}, ['a']), []);
});

test('controlRuns refuses what a strip at the top cannot do: a figure above its panel, overlapping stretches, a missing slot', () => {
  assert.throws(() => controlRuns({ controls: ['heatmap'] }, ['heatmap', 'controls']), /drives heatmap, placed above it/);
  assert.throws(() => controlRuns({ a: ['y'], b: ['z'] }, ['a', 'b', 'y', 'z']), /the runs of "a" and "b" overlap/);
  assert.throws(() => controlRuns({ controls: ['chart'] }, ['controls']), /"chart" has no <div data-slot="chart">/);
});
