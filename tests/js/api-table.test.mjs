// The module's surface is declared once, in cpp/wasm/guard.mjs's signature table: the API tables of docs/api.md must
// name every export, method and property there with the same number of arguments, and nothing else; the page's
// pass-through wrappers (web/src/kernel/call.js passThrough) may only name exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { SIGNATURES } from '../../cpp/wasm/guard.mjs';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('docs/api.md', root), 'utf8');

/** The API rows of docs/api.md: the first cell of every table row whose first cell names a call. */
const apiCells = readme.split('\n').filter((line) => /^\| `(new |\.|tokenizer\.)?[a-zA-Z][a-zA-Z0-9]*\(/.test(line)).map((line) => line.split(' | ')[0]);

/** Every call a cell names: {name, min, max} (arguments in [ ] are optional), and the bare properties. */
function callsIn(cell) {
  const calls = [];
  for (const match of cell.matchAll(/`(new |tokenizer\.|\.)?([a-zA-Z][a-zA-Z0-9]*)(?:\(([^`]*)\))?`/g)) {
    const [, prefix, name, args] = match;
    if (args === undefined) {
      if (prefix !== '.') continue; // a word in backticks, not a property
      calls.push({ name, property: true });
      continue;
    }
    // Top-level commas only: {vocabSize, dModel, …} is one argument; "text[, onProgress]" has an optional second.
    const list = args.replaceAll('[, ', ', [');
    const parts = [];
    let depth = 0;
    let current = '';
    for (const ch of list) {
      if ('{[('.includes(ch)) depth++;
      if ('}])'.includes(ch)) depth--;
      if (ch === ',' && depth === 0) {
        parts.push(current.trim());
        current = '';
      } else current += ch;
    }
    if (current.trim()) parts.push(current.trim());
    const optional = parts.filter((part) => part.startsWith('[')).length;
    calls.push({ name, min: parts.length - optional, max: parts.length });
  }
  return calls;
}

const documented = new Map();
for (const cell of apiCells) {
  for (const call of callsIn(cell)) {
    const seen = documented.get(call.name) ?? { forms: [], property: false };
    if (call.property) seen.property = true;
    else seen.forms.push([call.min, call.max]);
    documented.set(call.name, seen);
  }
}

function arity(text) {
  const params = text.split(' ').filter(Boolean);
  return [params.filter((p) => !/[?=]$/.test(p)).length, params.length];
}

test('every export, method and property of the guard\'s table is in docs/api.md with its number of arguments', () => {
  const missing = [];
  const wrong = [];
  const check = (name, text) => {
    const entry = documented.get(name);
    if (!entry || entry.forms.length === 0) return missing.push(name);
    const [min, max] = arity(text);
    const lows = entry.forms.map((f) => f[0]);
    const highs = entry.forms.map((f) => f[1]);
    if (Math.min(...lows) !== min || Math.max(...highs) !== max) wrong.push(`${name}: docs ${JSON.stringify(entry.forms)}, guard ${min}–${max}`);
  };
  for (const [name, text] of Object.entries(SIGNATURES.functions)) check(name, text);
  for (const [cls, spec] of Object.entries(SIGNATURES.classes)) {
    check(cls, spec.constructor);
    for (const [method, text] of Object.entries(spec.methods)) check(method, text);
    for (const property of spec.properties ?? []) if (!documented.get(property)?.property) missing.push(`${cls}.${property}`);
  }
  assert.deepEqual(missing, [], 'not in docs/api.md');
  assert.deepEqual(wrong, [], 'argument counts that differ');
});

test('docs/api.md documents no call the module does not export', () => {
  const known = new Set([...Object.keys(SIGNATURES.functions), ...Object.keys(SIGNATURES.classes)]);
  for (const spec of Object.values(SIGNATURES.classes)) {
    for (const method of Object.keys(spec.methods)) known.add(method);
    for (const property of spec.properties ?? []) known.add(property);
  }
  // Embind's own handle methods, which every object has.
  for (const own of ['delete', 'clone', 'isDeleted']) known.add(own);
  const unknown = [...documented.keys()].filter((name) => !known.has(name));
  assert.deepEqual(unknown, []);
  assert.ok(documented.size >= 80, `${documented.size} names`);
});

test('the page\'s pass-through wrappers name only exports', () => {
  const folder = new URL('web/src/kernel/', root);
  let names = [];
  for (const file of readdirSync(folder)) {
    const text = readFileSync(new URL(file, folder), 'utf8');
    for (const m of text.matchAll(/passThrough\(m, \[([^\]]*)\]\)/g)) names = names.concat([...m[1].matchAll(/'([a-zA-Z]+)'/g)].map((x) => x[1]));
  }
  assert.ok(names.length >= 15, `${names.length} pass-through wrappers`);
  assert.deepEqual(names.filter((n) => !(n in SIGNATURES.functions)), []);
});
