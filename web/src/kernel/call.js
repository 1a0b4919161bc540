// What every kernel/*.js file shares: the call wrapper and the module's URL.
import { simd } from 'wasm-feature-detect';

/** Errors from Emscripten are Errors already; anything else (a string, a number) becomes one. */
export function call(fn) {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Error) throw err;
    throw new Error(String(err));
  }
}

/** One wrapper per name for the module's functions the page calls with the module's own arguments and result. */
export function passThrough(m, names) {
  return Object.fromEntries(names.map((name) => [name, (...args) => call(() => m[name](...args))]));
}

/**
 * The module URL for this page: the SIMD build where the browser has SIMD, else the scalar one. Resolved
 * against the page (document.baseURI), not this bundle, so the site works from whatever folder it is served from.
 */
export async function moduleUrl() {
  const file = (await simd()) ? 'wasm/poslab.mjs' : 'wasm/poslab-scalar.mjs';
  return new URL(file, document.baseURI).href;
}
