// state.js — lesson parameters and the view they make up, in the URL hash and in local storage.
//
// A lesson declares each parameter once (name → kind, range, default) with the helpers in `param`; this
// module parses, checks and serialises them, so every view is a link such as
//   #/pe-matrix?lang=en&maxLen=100&dModel=64&variant=paper&dims=0,1,10,11,30,31
// On load the hash wins, then local storage, then the defaults. A value from the link that is malformed or
// out of range is never taken: the default is used and the caller gets a `resets` entry to show a notice.

const STORAGE_PREFIX = 'poslab:';

/**
 * Parameter kinds. Extra options pass through: `argument` is the name the kernel and the messages use
 * (max_len rather than maxLen), `label` the i18n key of the parameter's visible label.
 */
export const param = {
  /** Whole number in [min, max]; step 2 with an even min means "even numbers only". */
  int: ({ min, max, step = 1, def, ...extra }) => ({ kind: 'int', min, max, step, default: def, ...extra }),
  /**
   * A number in [min, max], decimals allowed ("2.5", "3.0"); step is only the slider's. In the link as JavaScript
   * writes it (2.5, not 2.50).
   */
  number: ({ min, max, step = 1, def, ...extra }) => ({ kind: 'number', min, max, step, default: def, ...extra }),
  /** One of a fixed list of strings. */
  choice: ({ options, def, ...extra }) => ({ kind: 'choice', options, default: def, ...extra }),
  /** Comma-separated whole numbers, each in [min, max], at most maxItems of them. */
  intList: ({ min, max, maxItems, def, ...extra }) => ({ kind: 'intList', min, max, maxItems, default: def, ...extra }),
  /** Comma-separated whole numbers in [min, max], in order and with repeats (a sentence of token ids). */
  intSequence: ({ min, max, maxItems, def, ...extra }) => ({ kind: 'intSequence', min, max, maxItems, default: def, ...extra }),
  /** A torch seed, 0 … 2^64 − 1, kept as decimal text: JavaScript numbers stop being exact at 2^53. */
  seed: ({ def = '0', ...extra }) => ({ kind: 'seed', default: def, ...extra }),
  /** Either "all" (written as an empty field) or a whole number in [min, max]. */
  limit: ({ min, max, def = 'all', ...extra }) => ({ kind: 'limit', min, max, default: def, ...extra }),
  /** One word (no spaces), at most maxLength characters; an empty field means "the lesson's suggestion". */
  word: ({ maxLength = 40, def = '', ...extra }) => ({ kind: 'word', maxLength, default: def, ...extra }),
  /**
   * Words of a fixed vocabulary separated by spaces, at most maxItems (kept as the vocabulary writes them:
   * "maría" reads as "María"); an empty field (the default, []) means "the lesson's example".
   */
  sentence: ({ vocabulary, maxItems, ...extra }) => ({ kind: 'sentence', vocabulary, maxItems, default: [], ...extra }),
};

/** An error shaped like the kernel's (code, argument, value, min, max…) so both are shown the same way. */
function problem(decl, name, code, fields) {
  const argument = decl.argument || name;
  return { code, argument, ...fields, message: `${argument}: ${code} (${JSON.stringify(fields)})` };
}

function parseWhole(decl, name, text) {
  const trimmed = String(text).trim();
  if (trimmed === '') return { ok: false, error: problem(decl, name, 'empty', {}) };
  if (!/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return { ok: false, error: problem(decl, name, 'not_number', { value: trimmed }) };
  const value = Number(trimmed);
  if (!Number.isInteger(value)) return { ok: false, error: problem(decl, name, 'not_integer', { value: trimmed }) };
  return { ok: true, value };
}

function inRange(decl, name, value) {
  if (value < decl.min || value > decl.max) {
    return { ok: false, error: problem(decl, name, 'out_of_range', { value, min: decl.min, max: decl.max }) };
  }
  return { ok: true, value };
}

/**
 * Reads one parameter from text. With checkStep false the "even numbers only" rule is left to the kernel,
 * so a student who types d_model = 5 reads the kernel's own explanation (see lesson fields); links are
 * read with checkStep true, since they are checked before the kernel has loaded.
 */
export function parseParam(name, decl, text, { checkStep = true } = {}) {
  switch (decl.kind) {
    case 'int': {
      const whole = parseWhole(decl, name, text);
      if (!whole.ok) return whole;
      const ranged = inRange(decl, name, whole.value);
      if (!ranged.ok || !checkStep || decl.step === 1) return ranged;
      if ((whole.value - decl.min) % decl.step !== 0) {
        return { ok: false, error: problem(decl, name, decl.step === 2 ? 'odd_width' : 'out_of_range', { value: whole.value, min: decl.min, max: decl.max }) };
      }
      return ranged;
    }
    case 'number': {
      const trimmed = String(text).trim();
      if (trimmed === '') return { ok: false, error: problem(decl, name, 'empty', {}) };
      // One decimal mark, a point or the comma Spanish writes (2,5): no number field is large enough to group
      // thousands, so a comma is never a separator here. No exponents, no "Infinity".
      if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return { ok: false, error: problem(decl, name, 'not_decimal', { value: trimmed }) };
      return inRange(decl, name, Number(trimmed.replace(',', '.')));
    }
    case 'choice': {
      const value = String(text).trim();
      if (decl.options.includes(value)) return { ok: true, value };
      return { ok: false, error: problem(decl, name, 'unknown_choice', { value, expected: decl.options.join(', ') }) };
    }
    // intList drops repeated ids (a set of rows); intSequence keeps them (a sentence of token ids).
    case 'intList':
    case 'intSequence': {
      const parts = String(text).split(',').map((s) => s.trim()).filter((s) => s !== '');
      if (parts.length === 0) return { ok: false, error: problem(decl, name, 'empty', {}) };
      if (parts.length > decl.maxItems) return { ok: false, error: problem(decl, name, 'too_many', { value: parts.length, max: decl.maxItems }) };
      const values = [];
      for (const part of parts) {
        const whole = parseWhole(decl, name, part);
        if (!whole.ok) return { ok: false, error: problem(decl, name, 'list_item', { value: part }) };
        if (whole.value < decl.min || whole.value > decl.max) {
          return { ok: false, error: problem(decl, name, 'item_out_of_range', { value: whole.value, min: decl.min, max: decl.max }) };
        }
        if (decl.kind === 'intSequence' || !values.includes(whole.value)) values.push(whole.value);
      }
      return { ok: true, value: values };
    }
    case 'seed': {
      const trimmed = String(text).trim();
      if (trimmed === '') return { ok: false, error: problem(decl, name, 'empty', {}) };
      const max = 18446744073709551615n;
      if (/^-\d+$/.test(trimmed)) return { ok: false, error: problem(decl, name, 'out_of_range', { value: trimmed, min: 0, max: String(max) }) };
      if (!/^\d+$/.test(trimmed)) return { ok: false, error: problem(decl, name, 'not_integer', { value: trimmed }) };
      const value = BigInt(trimmed);
      if (value > max) return { ok: false, error: problem(decl, name, 'out_of_range', { value: trimmed, min: 0, max: String(max) }) };
      return { ok: true, value: value.toString() };
    }
    case 'limit': {
      // An empty field reads as "all", so students can clear it instead of learning a keyword.
      const trimmed = String(text).trim().toLowerCase();
      if (trimmed === '' || trimmed === 'all') return { ok: true, value: 'all' };
      const whole = parseWhole(decl, name, text);
      return whole.ok ? inRange(decl, name, whole.value) : whole;
    }
    case 'word': {
      const value = String(text).trim();
      if (/\s/.test(value)) return { ok: false, error: problem(decl, name, 'not_one_word', { value }) };
      if (value.length > decl.maxLength) return { ok: false, error: problem(decl, name, 'too_long', { value: value.length, max: decl.maxLength }) };
      return { ok: true, value };
    }
    case 'sentence': {
      const parts = String(text).trim().split(/\s+/).filter((w) => w !== '');
      if (parts.length > decl.maxItems) return { ok: false, error: problem(decl, name, 'too_many_words', { value: parts.length, max: decl.maxItems }) };
      const words = [];
      for (const part of parts) {
        const known = decl.vocabulary.find((w) => w.toLowerCase() === part.toLowerCase());
        if (!known) return { ok: false, error: problem(decl, name, 'not_in_vocabulary', { word: part, expected: decl.vocabulary.join(' ') }) };
        words.push(known);
      }
      return { ok: true, value: words };
    }
    default:
      throw new Error(`unknown parameter kind ${decl.kind}`);
  }
}

/** A parameter's value as its field shows it: a decimal with the reader's mark (2,5 in Spanish), else as in a link. */
export function fieldText(decl, value, lang) {
  return decl.kind === 'number' && lang === 'es' ? String(value).replace('.', ',') : formatParam(decl, value);
}

export function formatParam(decl, value) {
  if (decl.kind === 'sentence') return value.join(' ');
  return decl.kind === 'intList' || decl.kind === 'intSequence' ? value.join(',') : String(value);
}

/** "#/pe-matrix?lang=en&maxLen=100" → {lesson: 'pe-matrix', query: URLSearchParams}. */
export function parseHash(hash) {
  const match = /^#\/([\w-]*)(?:\?(.*))?$/.exec(hash || '');
  if (!match) return { lesson: null, query: new URLSearchParams() };
  return { lesson: match[1] || null, query: new URLSearchParams(match[2] || '') };
}

/** Commas stay readable in the link (dims=0,1,10) instead of %2C. */
function encodePart(text) {
  return encodeURIComponent(text).replace(/%2C/gi, ',');
}

export function buildHash({ lesson, lang, params, decls }) {
  const parts = [`lang=${encodePart(lang)}`];
  for (const [name, decl] of Object.entries(decls)) parts.push(`${name}=${encodePart(formatParam(decl, params[name]))}`);
  return `#/${lesson}?${parts.join('&')}`;
}

/**
 * Every parameter's value: from the link if present (checked; a bad value means the default plus a reset
 * entry), else from storage (quietly ignored when bad: it was written by an older page), else the default.
 */
export function resolveParams(decls, fromHash, fromStorage) {
  const values = {};
  const resets = [];
  for (const [name, decl] of Object.entries(decls)) {
    values[name] = decl.default;
    if (fromHash.has(name)) {
      const raw = fromHash.get(name);
      const parsed = parseParam(name, decl, raw);
      if (parsed.ok) values[name] = parsed.value;
      else resets.push({ name, decl, raw, error: parsed.error });
    } else if (fromStorage.has(name)) {
      const parsed = parseParam(name, decl, fromStorage.get(name));
      if (parsed.ok) values[name] = parsed.value;
    }
  }
  return { values, resets };
}

// Local storage can be missing or throw (private windows, file:// pages, quotas): it is a convenience only.
// An embedded view (a figure in a course page) keeps what it changes in memory, over what this browser kept:
// its language, text size, values and answers never change the lab a student opens directly.
let embedded = null; // Map of key → value (null: removed) while the page is an embed

/** In an embed, storage writes stay in this page's memory (on) instead of reaching localStorage. */
export function keepStorageInPage(on) {
  embedded = on ? embedded ?? new Map() : null;
}

export const storage = {
  get(key) {
    if (embedded?.has(key)) return embedded.get(key);
    try {
      return localStorage.getItem(STORAGE_PREFIX + key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    if (embedded) return void embedded.set(key, String(value));
    try {
      localStorage.setItem(STORAGE_PREFIX + key, value);
    } catch {
      /* the link still holds the view */
    }
  },
  remove(key) {
    if (embedded) return void embedded.set(key, null);
    try {
      localStorage.removeItem(STORAGE_PREFIX + key);
    } catch {
      /* nothing stored */
    }
  },
  /** Every key this lab stored (without its prefix). */
  keys() {
    let kept = [];
    try {
      kept = Object.keys(localStorage).filter((k) => k.startsWith(STORAGE_PREFIX)).map((k) => k.slice(STORAGE_PREFIX.length));
    } catch {
      /* nothing readable */
    }
    if (!embedded) return kept;
    return [...new Set([...kept, ...embedded.keys()])].filter((k) => this.get(k) !== null);
  },
};

export function storedParams(lesson) {
  return new URLSearchParams(storage.get(`params:${lesson}`) || '');
}

/**
 * Writes the view to the hash (replaceState: moving a slider must not fill the Back button's history, and
 * it does not fire hashchange) and mirrors it in local storage.
 */
export function saveView(view, { flags = '', link = true } = {}) {
  // flags: how the page is shown (embed mode), kept in the link but not stored as the lesson's values.
  // link: false keeps only the lesson's values (a lesson being left, whose link has already moved on).
  const stored = buildHash(view);
  const hash = stored + flags;
  storage.set(`params:${view.lesson}`, stored.slice(stored.indexOf('?') + 1));
  if (!link) return hash;
  if (location.hash !== hash) history.replaceState(null, '', hash);
  storage.set('lang', view.lang);
  storage.set('lesson', view.lesson);
  return hash;
}
