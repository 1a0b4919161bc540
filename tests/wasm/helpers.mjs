// Shared by the WebAssembly tests: the built modules, the notebooks' goldens and the documents' digits.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDir } from '../../scripts/data-dir.mjs';

const root = new URL('../../', import.meta.url);
export const distWasm = new URL('dist/wasm/', root);

export async function loadModule(entry = 'poslab.mjs') {
  const url = new URL(entry, distWasm);
  if (!existsSync(url)) throw new Error(`${url.pathname} is missing: run npm run build first`);
  return (await import(url.href)).default();
}

/** A text of the source material's data folder (the-verdict.txt, text.txt), never committed: scripts/data-dir.mjs finds it. */
export function sharedData(name) {
  return join(dataDir(), name);
}

export function golden(name, { seedsAsText = false } = {}) {
  const text = readFileSync(new URL(`tests/golden/${name}`, root), 'utf8');
  // Seeds up to 2^64 − 1 are not exact as JSON numbers in JavaScript: read them as the decimal text the module takes.
  return JSON.parse(seedsAsText ? text.replace(/"seed": (\d+)/g, '"seed": "$1"') : text);
}

/** `value` with as many digits as `printed` shows ("0.84147", "1.0746e-07", "1.0"), as torch/numpy print. */
export function asPrinted(value, printed) {
  const e = printed.search(/e/i);
  const mantissa = e < 0 ? printed : printed.slice(0, e);
  const dot = mantissa.indexOf('.');
  const decimals = dot < 0 ? 0 : mantissa.length - dot - 1;
  return e < 0 ? value.toFixed(decimals) : value.toExponential(decimals);
}

/** The printed figure normalised the same way, so "1.0e-4" and "1.0000e-04" compare by digits. */
export const normalised = (printed) => asPrinted(Number(printed), printed);

/** Rows of JSON numbers to one row-major Float32Array. */
export const flat = (rows) => Float32Array.from(rows.flat());

/** zlib's CRC-32 of a Float32Array's little-endian bytes (what the notebooks store to pin tensors bit for bit). */
export function crc32(floats) {
  const bytes = new Uint8Array(floats.buffer, floats.byteOffset, floats.byteLength);
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** "code argument" of the PoslabError fn throws ('no error' when it returns): a bad-input table in one line each. */
export function codeOf(fn) {
  try {
    fn();
  } catch (err) {
    assert.equal(err.name, 'PoslabError', String(err));
    return `${err.code} ${err.argument}`;
  }
  return 'no error';
}
