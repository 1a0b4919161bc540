// A lesson's text that names another lesson by its number and links it names the one it links to: "[lesson 14](#/
// longer-than-seen)" is the 14th folder of web/lessons/. Lessons are numbered by their folders, so a lesson added or
// split renumbers the ones after it; this keeps every linked number in step. A number given without a link (a quiz
// feedback's "lesson 1", a range such as "lessons 2 to 7") is not held here: renumbering has to look for those.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const lessons = new URL('../../web/lessons/', import.meta.url);
const folders = readdirSync(lessons).sort();
const numberOf = Object.fromEntries(folders.map((folder, i) => [folder.replace(/^\d+-/, ''), i + 1]));
const read = (url, path) => ({ path, text: readFileSync(url, 'utf8') });
// The lessons' texts and strings, and the teachers' guide and plans, which link lessons as ./#/slug.
const teachers = new URL('../../web/src/teachers/', import.meta.url);
const texts = [
  ...folders.flatMap((folder) =>
    readdirSync(new URL(`${folder}/`, lessons))
      .filter((file) => /^(es|en)\.md$|^strings\.(es|en)\.json$/.test(file))
      .map((file) => read(new URL(`${folder}/${file}`, lessons), `${folder}/${file}`)),
  ),
  ...readdirSync(teachers).filter((file) => /\.(md|json)$/.test(file)).map((file) => read(new URL(file, teachers), `teachers/${file}`)),
];

// "lesson 5 …](#/slug" and "lección 05, *…*](./#/slug": the number, then the link's slug.
const LINKED = /\b(?:[Ll]esson|[Ll]ección) (\d+)[^[\]]*\]\((?:\.\/)?#\/([a-z0-9-]+)/g;

test('every lesson number given with a link is the number of the lesson it links to', () => {
  let count = 0;
  for (const { path, text } of texts) {
    for (const [, number, slug] of text.matchAll(LINKED)) {
      count++;
      assert.ok(slug in numberOf, `${path}: #/${slug} is no lesson`);
      assert.equal(Number(number), numberOf[slug], `${path}: lesson ${number} links to ${slug}, which is lesson ${numberOf[slug]}`);
    }
  }
  assert.ok(count >= 60, `only ${count} linked lesson numbers found`);
});

// "√512 ≈ 22.6": a square root a lesson's text works out for the student, held against Math.sqrt to the digits
// it prints (a decimal comma in Spanish, KaTeX's {,}).
const ROOT = /\\sqrt\{(\d+)\} \\approx ([\d{},.]+)/g;

test('every square root a lesson works out in its text is right to the digits it prints', () => {
  let count = 0;
  for (const { path, text } of texts.filter((t) => t.path.endsWith('.md'))) {
    for (const [, radicand, printed] of text.matchAll(ROOT)) {
      count++;
      const plain = printed.replace('{,}', '.');
      assert.equal(path.endsWith('es.md') ? printed.includes('{,}') : !printed.includes(','), true, `${path}: ${printed} in the text's own number format`);
      const decimals = plain.includes('.') ? plain.split('.')[1].length : 0;
      assert.equal(Math.sqrt(Number(radicand)).toFixed(decimals), plain, `${path}: √${radicand}`);
    }
  }
  assert.ok(count >= 2, `only ${count} square roots found`);
});
