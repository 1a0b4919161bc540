// kernel.js — the only module that talks to WebAssembly.
// It picks the SIMD or the scalar build with feature detection, loads it once, and hands lessons a small
// wrapper whose calls return plain objects ({rows, cols, data}) and throw Errors that the page can translate.
import { simd } from 'wasm-feature-detect';
import { t, has } from './i18n.js';

let loading = null;

/**
 * Loads the numerics module once per page. The URL is resolved against the page (document.baseURI), not
 * against this bundle, so the site works from whatever folder it is served from; Vite must not try to
 * bundle it, hence @vite-ignore: the module is a build product copied to dist/wasm/.
 */
export function loadKernel() {
  loading ??= (async () => {
    const useSimd = await simd();
    const file = useSimd ? 'wasm/poslab.mjs' : 'wasm/poslab-scalar.mjs';
    const url = new URL(file, document.baseURI).href;
    const factory = (await import(/* @vite-ignore */ url)).default;
    const module = await factory();
    return wrap(module);
  })();
  return loading;
}

/** Errors from Emscripten are Errors already; anything else (a string, a number) becomes one. */
function call(fn) {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Error) throw err;
    throw new Error(String(err));
  }
}

function wrap(m) {
  const info = m.buildInfo();
  return {
    simd: Boolean(info.simd),
    version: String(info.version),

    /** The max_len × d_model sinusoidal matrix for one variant ("paper", "literal", "literal-shifted"). */
    positionalEncoding({ maxLen, dModel, variant }) {
      const data = call(() => m.positionalEncoding(maxLen, dModel, variant));
      return { rows: maxLen, cols: dModel, data };
    },

    /** Cosine similarity of two vectors (0 when either is all zeros, like scikit-learn). */
    cosineSimilarity(a, b) {
      return call(() => m.cosineSimilarity(a, b));
    },

    /** Cosine similarity of every row of a with every row of b; both are {rows, cols, data}. */
    cosineMatrix(a, b) {
      const data = call(() => m.cosineMatrix(a.data, a.rows, b.data, b.rows, a.cols));
      return { rows: a.rows, cols: b.rows, data };
    },

    euclideanDistance(a, b) {
      return call(() => m.euclideanDistance(a, b));
    },

    // --- Tokenizer (issue 5) -------------------------------------------------------------------------
    /** GPT-2's tokenizer, once per page; its vocabulary (data/gpt2.json, 0.5 MB) is fetched on first use. */
    gpt2Tokenizer() {
      tokenizer ??= (async () => {
        const url = new URL('data/gpt2.json', document.baseURI).href;
        const response = await fetch(url);
        if (!response.ok) throw Object.assign(new Error(`${url}: HTTP ${response.status}`), { code: 'vocabulary_download' });
        const bytes = new Uint8Array(await response.arrayBuffer());
        return wrapTokenizer(call(() => new m.Gpt2Tokenizer(bytes)));
      })();
      tokenizer.catch(() => { tokenizer = null; });  // a failed download can be retried
      return tokenizer;
    },

    /** Batch `index` of document 004's DataLoader (shuffle=False, drop_last=True) over `ids`. */
    loaderBatch({ ids, maxLength, stride, batchSize, index = 0 }) {
      return call(() => m.loaderBatch(ids, maxLength, stride, batchSize, index));
    },
  };
}

let tokenizer = null;

function wrapTokenizer(t) {
  return {
    vocabularySize: t.vocabularySize(),
    /** Uint32Array of tiktoken's gpt2 ids; text is a string or bytes (invalid UTF-8 reads as U+FFFD). */
    encode(text, { allowSpecial = false } = {}) {
      return call(() => t.encode(text, allowSpecial));
    },
    decode(ids) {
      return call(() => t.decode(ids));
    },
    /** Each id's own text (a token holding part of a character shows U+FFFD there). */
    tokenTexts(ids) {
      return call(() => t.tokenTexts(ids));
    },
    tokenBytes(id) {
      return call(() => t.tokenBytes(id));
    },
    /** The token as GPT-2's vocab.json writes it ("Ġthe"). */
    tokenSymbol(id) {
      return call(() => t.tokenSymbol(id));
    },
    /** The pieces GPT-2's pattern cuts the text into, before any merge. */
    pieces(text) {
      return call(() => t.pieces(text));
    },
  };
}

/**
 * Turns a kernel error (or one built the same way by the page, see state.js) into a sentence in the
 * current language. The error's `code` picks the template errors.<code>; its `argument`, `value`, `min`,
 * `max`, `expected` and `index` fill the {placeholders}. Unknown errors keep their English message.
 */
export function describeError(err) {
  let code = err && err.code;
  // A code may have a wording for one argument (errors.too_large_text): a text is not a matrix.
  if (code && err.argument && has(`errors.${code}_${err.argument}`)) code = `${code}_${err.argument}`;
  if (!code || !has(`errors.${code}`)) return err && err.message ? err.message : String(err);
  const argument = err.argument && has(`arguments.${err.argument}`) ? t(`arguments.${err.argument}`) : err.argument;
  // {Argument} starts a sentence. Identifiers shown as they are written in code (max_len, d_model) keep
  // their lower case; words ("the formula") get a capital.
  const isIdentifier = argument === err.argument;
  const Argument = argument && !isIdentifier ? argument[0].toLocaleUpperCase() + argument.slice(1) : argument;
  return t(`errors.${code}`, {
    argument,
    Argument,
    value: err.value,
    min: err.min,
    max: err.max,
    expected: err.expected,
    index: err.index,
  });
}
