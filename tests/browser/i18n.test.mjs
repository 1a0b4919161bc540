// Every string exists in both languages (no browser needed: it reads the catalogues and the sources).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('../../web/', import.meta.url));
const readJson = async (path) => JSON.parse(await readFile(path, 'utf8'));

/** The shared catalogue and every lesson's strings.<lang>.json, merged as web/src/i18n.js merges them. */
async function catalogue(lang) {
  const merged = await readJson(join(WEB, 'i18n', `${lang}.json`));
  for (const folder of (await readdir(join(WEB, 'lessons'))).sort()) {
    mergeInto(merged, await readJson(join(WEB, 'lessons', folder, `strings.${lang}.json`)));
  }
  return merged;
}

/** Strings that two files define differently ("arguments.k" meaning two things): every merge records them. */
const collisions = [];

function mergeInto(target, source, path = '') {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && target[key] && typeof target[key] === 'object') {
      mergeInto(target[key], value, `${path}${key}.`);
    } else {
      if (key in target && JSON.stringify(target[key]) !== JSON.stringify(value)) collisions.push(`${path}${key}`);
      target[key] = value;
    }
  }
  return target;
}

test('no two string files give the same key different texts (lessons share one catalogue)', async () => {
  collisions.length = 0;
  await Promise.all([catalogue('es'), catalogue('en')]);
  assert.deepEqual(collisions, []);
});

/** Dotted paths of every leaf string ("peMatrix.heatmap.title", "peMatrix.compare.same.one"). */
function leaves(node, prefix = '') {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : leaves(value, `${prefix}${key}.`),
  );
}

async function sources(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.js')).map((e) => join(e.parentPath ?? e.path, e.name));
}

test('the Spanish and English catalogues have exactly the same keys', async () => {
  const [es, en] = await Promise.all([catalogue('es'), catalogue('en')]);
  assert.deepEqual(leaves(es).sort(), leaves(en).sort());
});

test('no string is left empty in either language', async () => {
  for (const lang of ['es', 'en']) {
    const data = await catalogue(lang);
    for (const key of leaves(data)) {
      const value = key.split('.').reduce((node, part) => node[part], data);
      assert.ok(value.trim().length > 0, `${lang}: ${key} is empty`);
    }
  }
});

test('every literal key the page asks for exists in both catalogues', async () => {
  const [es, en] = await Promise.all([catalogue('es'), catalogue('en')]);
  const known = new Set([...leaves(es), ...leaves(es).map((k) => k.replace(/\.(one|other)$/, ''))]);
  const knownEn = new Set([...leaves(en), ...leaves(en).map((k) => k.replace(/\.(one|other)$/, ''))]);
  const files = [...(await sources(join(WEB, 'src'))), ...(await sources(join(WEB, 'lessons')))];
  const missing = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const [, key] of text.matchAll(/\bt\('([\w.-]+)'/g)) {
      if (!known.has(key) || !knownEn.has(key)) missing.push(`${key} (${file})`);
    }
  }
  assert.deepEqual(missing, []);
});
