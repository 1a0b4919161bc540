// docs/experiments.md is where the experiment ids (E000-1 … E004-5) that code, tests and notebooks cite are
// defined, so the project reads without the source documents. This keeps it true: every id cited in the project
// is registered, and every lesson, test, golden key and printed number the register names exists and agrees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const register = read('docs/experiments.md');

// An id alone: not the start of a longer number, nor part of a word or of a hex number.
const ID = /(?<![A-Za-z0-9])E\d{3}-\d+(?!\d)/g;
const idsIn = (text) => new Set(text.match(ID));

// Build outputs and downloaded data sit inside web/ but are not the project's text.
const NOT_PROJECT = ['web/public/wasm/', 'web/public/data/', '__pycache__/', '.ipynb_checkpoints/'];

/** Every file of the project that may cite an experiment, as a path from the root. */
function projectFiles() {
  const files = ['README.md'];
  for (const dir of ['docs', 'web', 'tests', 'cpp', 'notebooks', 'scripts']) {
    for (const entry of readdirSync(new URL(`${dir}/`, root), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = relative(fileURLToPath(root), join(entry.parentPath ?? entry.path, entry.name)).split(sep).join('/');
      if (!NOT_PROJECT.some((part) => path.includes(part))) files.push(path);
    }
  }
  return files;
}

/**
 * The register's entries in order: {id, document, fields}, one per "### Ennn-k" heading, with the document of
 * the "## Document nnn" section it sits in and its "- **Field:** text" lines (continuation lines joined).
 */
function entries() {
  const list = [];
  let document = null;
  let entry = null;
  let field = null;
  for (const line of register.split('\n')) {
    if (line.startsWith('#')) {
      const section = line.match(/^## Document (\d{3}) · /);
      if (section) document = section[1];
      else if (line.startsWith('## ')) document = null;
      const heading = line.match(/^### (E\d{3}-\d+) · /);
      entry = heading ? { id: heading[1], document, fields: {} } : null;
      if (entry) list.push(entry);
      field = null;
      continue;
    }
    if (!entry) continue;
    const start = line.match(/^- \*\*([A-Za-z ]+):\*\* (.*)$/);
    if (start) {
      field = start[1];
      entry.fields[field] = start[2];
    } else if (field && line.startsWith('  ')) entry.fields[field] += ` ${line.trim()}`;
    else field = null;
  }
  return list;
}

const ENTRIES = entries();
const backticked = (text = '') => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
// A test is a file under tests/ other than the goldens (data, not checks), or a reference notebook.
const isTest = (path) => (path.startsWith('tests/') && !path.startsWith('tests/golden/')) || /^notebooks\/[^/]+\.ipynb$/.test(path);
const testPaths = (text) => backticked(text).filter((s) => /^(tests|notebooks)\//.test(s));

test('every experiment id cited in the project is in the register, and every registered id is cited', () => {
  const registered = new Set(ENTRIES.map((e) => e.id));
  const cited = new Set();
  const missing = [];
  for (const path of projectFiles()) {
    for (const id of idsIn(read(path))) {
      cited.add(id);
      if (!registered.has(id)) missing.push(`${id} (${path})`);
    }
  }
  assert.deepEqual(missing, []);
  assert.deepEqual([...registered].filter((id) => !cited.has(id)), []);
});

test('the register lists each id once, in order, under its own document, with what it shows', () => {
  const ids = ENTRIES.map((e) => e.id);
  assert.ok(ids.length > 0, 'the register has entries');
  assert.deepEqual(ids, [...new Set(ids)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
  for (const { id, document, fields } of ENTRIES) {
    assert.equal(document, id.slice(1, 4), `${id} sits under document ${document}`);
    assert.ok((fields.Shows ?? '').length > 40, `${id} says what it shows`);
  }
  // Each document has its section on what the lab found wrong or left unsaid.
  for (const document of new Set(ENTRIES.map((e) => e.document))) {
    assert.match(register, new RegExp(`^### What the lab found wrong or left unsaid in document ${document}$`, 'm'));
  }
});

test('every lesson the register names exists, with its number, slug and English title', () => {
  const h1 = (folder) => read(`web/lessons/${folder}/en.md`).match(/^# (.+)$/m)[1];
  for (const { id, fields } of ENTRIES) {
    const named = [...(fields.Lesson ?? '').matchAll(/\[lesson (\d{2}), “([^”]+)”\]\(\.\.\/web\/lessons\/([^/)]+)\/en\.md\) \(`#\/([a-z0-9-]+)`\)/g)];
    assert.ok(named.length > 0, `${id} names a lesson`);
    for (const [, number, title, folder, slug] of named) {
      assert.equal(folder, `${number}-${slug}`, `${id}: lesson ${number} is #/${slug}`);
      assert.ok(existsSync(new URL(`web/lessons/${folder}/lesson.js`, root)), `${id}: web/lessons/${folder} is a lesson`);
      assert.equal(title, h1(folder), `${id}: lesson ${number}'s title`);
    }
  }
  // The short links of the documents' sections too.
  for (const [, number, folder] of register.matchAll(/\[lesson (\d{2})\]\(\.\.\/web\/lessons\/([^/)]+)\/en\.md\)/g)) {
    assert.ok(folder.startsWith(`${number}-`) && existsSync(new URL(`web/lessons/${folder}/en.md`, root)), `lesson ${number}: ${folder}`);
  }
});

test('every entry names tests that exist and cite its id; the others it names exist', () => {
  for (const { id, fields } of ENTRIES) {
    const citing = testPaths(fields.Tests);
    assert.ok(citing.length > 0, `${id} names the tests that hold it`);
    for (const path of citing) {
      assert.ok(isTest(path) && existsSync(new URL(path, root)), `${id}: ${path} is a test file`);
      assert.ok(idsIn(read(path)).has(id), `${id}: ${path} cites it`);
    }
    for (const path of testPaths(fields['Also held by'])) {
      assert.ok(isTest(path) && existsSync(new URL(path, root)), `${id}: ${path} is a test file`);
      assert.ok(!idsIn(read(path)).has(id), `${id}: ${path} cites it, so it belongs under Tests`);
    }
  }
});

test('every golden key the register names is in its golden file', () => {
  let named = 0;
  for (const { id, fields } of ENTRIES) {
    // "`tests/golden/x.json` key `a` and key `b`": each key belongs to the file named last before it.
    let golden = null;
    for (const [, path, key] of (fields.Golden ?? '').matchAll(/`(tests\/golden\/[^`]+)`|key `([^`]+)`/g)) {
      if (path) golden = JSON.parse(read(path));
      else {
        assert.ok(golden && Object.hasOwn(golden, key), `${id}: its golden file has ${key}`);
        named++;
      }
    }
  }
  assert.ok(named > 0);
});

test('every number quoted as printed is in that document\'s reference notebook, which checks it against the document', () => {
  const notebooks = readdirSync(new URL('notebooks/', root));
  let checked = 0;
  for (const { id, document, fields } of ENTRIES) {
    if (!fields.Printed) continue;
    const text = notebooks.filter((name) => name.startsWith(`doc${document}_`)).map((name) => read(`notebooks/${name}`)).join('\n');
    // Numbers of four digits or more: a shape's 8 or 256 would be found anywhere.
    const numbers = backticked(fields.Printed).flatMap((s) => s.match(/-?\d[\d.]*(?:e[-+]\d+)?/g) ?? []).filter((n) => n.replace(/\D/g, '').length >= 4);
    for (const number of numbers) assert.ok(text.includes(number), `${id}: ${number} is in notebook ${document}`);
    checked += numbers.length;
  }
  assert.ok(checked > 0);
});
