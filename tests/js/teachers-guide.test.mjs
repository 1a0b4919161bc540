// scripts/vite/teachers-guide.mjs, the parts that read the lessons: which documents a text names, its words
// and panels, a lesson's self-check wherever its code keeps it, and the time estimate's rounding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countWords, documentsNamed, estimate, panelSlots, readQuestions, RATES } from '../../scripts/vite/teachers-guide.mjs';

test('the documents a text names, alone, in lists and ranges, in both languages', () => {
  assert.deepEqual(documentsNamed('Document 002 puts it in a comment; document 000 asks it.'), ['000', '002']);
  assert.deepEqual(documentsNamed('the vectorised code of documents 001, 002 and 003'), ['001', '002', '003']);
  assert.deepEqual(documentsNamed('los documentos 000 y 002; el documento 004'), ['000', '002', '004']);
  assert.deepEqual(documentsNamed('documents 000 to 003'), ['000', '001', '002', '003']);
  assert.deepEqual(documentsNamed('documentos 001 a 003'), ['001', '002', '003']);
  // A number alone is not a document: "E002-7" or "max_len 003" name none.
  assert.deepEqual(documentsNamed('(E002-7) with 003 rows'), []);
});

test('words and panels of a lesson text: tags, formulas and the self-check left out', () => {
  assert.equal(countWords('Self-attention sees 0.90 of it, $\\sin(pos)$.\n\n<div data-slot="controls"></div>'), 6);
  assert.deepEqual(panelSlots('<div data-slot="controls"></div>\n<div data-slot="heatmap"></div>\n<div data-slot="quiz"></div>'), ['controls', 'heatmap']);
});

test('a time is the rates\' sum rounded up to the next 5 minutes, never down', () => {
  assert.deepEqual(RATES, { wordsPerMinute: 150, minutesPerPanel: 3, minutesPerQuestion: 1, roundTo: 5 });
  assert.deepEqual(estimate({ words: 150, panels: 0, questions: 0 }), { reading: 1, panels: 0, questions: 0, total: 5 });
  // 1000 words are 6.7 minutes: with 4 panels (12) and 3 questions (3), 21.7 minutes, said as 25.
  assert.deepEqual(estimate({ words: 1000, panels: 4, questions: 3 }), { reading: 7, panels: 12, questions: 3, total: 25 });
  assert.equal(estimate({ words: 0, panels: 5, questions: 0 }).total, 15);
});

test('a self-check is read from questions.js, with its prefix; a lesson with its questions elsewhere stops the build', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'teachers-guide-'));
  const questions = "[\n  { id: 'a', options: [{ id: 'x', correct: true }, { id: 'y', correct: false }] },\n]";
  await mkdir(join(dir, 'in-file'));
  await writeFile(join(dir, 'in-file', 'questions.js'), `export const QUESTIONS = ${questions};\nexport const QUIZ_PREFIX = 'one.quiz';\n`);
  await writeFile(join(dir, 'in-file', 'lesson.js'), "import { QUESTIONS } from './questions.js';\n");
  await mkdir(join(dir, 'in-code'));
  await writeFile(join(dir, 'in-code', 'lesson.js'), `import { quiz } from '../../src/ui/quiz.js';\nconst QUESTIONS = ${questions};\nconst check = quiz({ prefix: 'two.quiz', questions: QUESTIONS });\n`);
  // The array is made in another VM context: compared by value, not by prototype.
  const expected = [{ id: 'a', options: [{ id: 'x', correct: true }, { id: 'y', correct: false }] }];
  const inFile = await readQuestions(join(dir, 'in-file'));
  assert.equal(inFile.prefix, 'one.quiz');
  assert.deepEqual(JSON.parse(JSON.stringify(inFile.questions)), expected);
  await assert.rejects(readQuestions(join(dir, 'in-code')), /no self-check questions/);
  await rm(dir, { recursive: true });
});
