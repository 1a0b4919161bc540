// Shared by the benchmark scripts (scripts/bench/*.mjs, run in turn by scripts/bench.sh): the two built
// WebAssembly modules, timing, the native benchmark binaries, tables and the .bench/ results folder.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dataDir as findDataDir } from '../data-dir.mjs';

export const root = new URL('../../', import.meta.url);
const load = async (entry) => (await import(new URL(`web/public/wasm/${entry}`, root).href)).default();
export const simd = await load('poslab.mjs');
export const scalar = await load('poslab-scalar.mjs');

/** The folder of the texts the experiments read (scripts/data-dir.mjs), with a trailing slash. */
export const dataDir = `${findDataDir()}/`;

/** Median time of `runs` calls of body, in ms, after one warm-up call. */
export function median(runs, body) {
  body();
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    body();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

/** Runs a native benchmark binary of build/native/ and parses the JSON it prints. */
export function native(binary, args = []) {
  return JSON.parse(execFileSync(new URL(`build/native/${binary}`, root).pathname, args).toString());
}

/** Prints rows ({name: {column: value}}) under a header line, one value format for all cells. */
export function printTable(title, columns, rows, format, unit, width = 13) {
  const first = Math.max(18, ...Object.keys(rows).map((n) => n.length + 2));
  console.log(`\n${title.padEnd(first)}${columns.map((c) => c.padStart(width)).join('')}   (${unit})`);
  for (const [name, row] of Object.entries(rows)) {
    console.log(`${name.padEnd(first)}${columns.map((c) => (row[c] === undefined ? '—' : format(row[c])).padStart(width)).join('')}`);
  }
}

/** Prints [label, value, ok(value)] targets as met / MISSED lines. */
export function printRatios(title, targets) {
  console.log(`\n${title}`);
  for (const [label, value, ok] of targets) console.log(`  ${ok(value) ? 'met   ' : 'MISSED'} ${label}: ${value.toFixed(2)}`);
}

/** Writes .bench/<name>.json. */
export function save(name, data) {
  const dir = new URL('.bench/', root);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL(`${name}.json`, dir), JSON.stringify(data, null, 2));
  return dir;
}
