// i18n.js — the current language, its strings, and the switch between them.
// Shared strings live in web/i18n/<lang>.json, each lesson's own in web/lessons/NN-slug/strings.<lang>.json
// (its title under lessons.<id>.title and its texts under its own key); all are merged into one nested
// catalog per language, read with dotted keys. t(key, vars) fills {name} placeholders from vars.
// Only the lessons' titles come with the page (the lesson list needs them); a lesson's other strings, in both
// languages, are loaded with the lesson (loadLessonStrings), so the first page does not carry all fifteen.
// Static markup opts in with data-i18n="key" (text) and data-i18n-attr="attr:key;attr:key" (attributes).
import es from '../i18n/es.json';
import en from '../i18n/en.json';

// '?titles' keeps only the "lessons" key of each file (scripts/vite/lesson-markdown.mjs).
const lessonTitles = import.meta.glob('../lessons/*/strings.*.json', { eager: true, query: '?titles', import: 'default' });
const lessonStrings = import.meta.glob('../lessons/*/strings.*.json', { import: 'default' });

/** Copies source into target, descending into nested objects (a lesson adds to lessons.*, never replaces it). */
function mergeInto(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value) && target[key] && typeof target[key] === 'object') {
      mergeInto(target[key], value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

const catalogs = { es: structuredClone(es), en: structuredClone(en) };
for (const [path, strings] of Object.entries(lessonTitles)) {
  const lang = path.match(/strings\.(\w+)\.json$/)[1];
  if (catalogs[lang]) mergeInto(catalogs[lang], strings);
}
export const languages = Object.keys(catalogs);

const loaded = new Set();

/** Adds the strings of these lesson folders (e.g. '03-pe-matrix'), in every language, to the catalogs. */
export async function loadLessonStrings(folders) {
  const wanted = [];
  for (const folder of folders) {
    for (const lang of languages) {
      const path = `../lessons/${folder}/strings.${lang}.json`;
      if (!loaded.has(path) && lessonStrings[path]) wanted.push(lessonStrings[path]().then((strings) => [path, lang, strings]));
    }
  }
  for (const [path, lang, strings] of await Promise.all(wanted)) {
    mergeInto(catalogs[lang], strings);
    loaded.add(path);
  }
}

let current = 'en';
const listeners = new Set();

/** URL first, then local storage, then the browser's preference (es* → es, anything else → en). */
export function pickLanguage(fromUrl, fromStorage) {
  if (languages.includes(fromUrl)) return fromUrl;
  if (languages.includes(fromStorage)) return fromStorage;
  const preferred = (navigator.language || '').toLowerCase();
  return preferred.startsWith('es') ? 'es' : 'en';
}

export function language() {
  return current;
}

function lookup(lang, key) {
  let node = catalogs[lang];
  for (const part of key.split('.')) {
    if (node == null || typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

export function has(key) {
  return lookup(current, key) !== undefined;
}

/**
 * The string for key in the current language; a missing key shows itself, so gaps are visible, not silent.
 * An entry may be {one, other} (any CLDR plural category): vars.count picks the form ("1 row", "2 rows").
 */
export function t(key, vars = {}) {
  let text = lookup(current, key);
  if (text && typeof text === 'object' && typeof vars.count === 'number') {
    text = text[new Intl.PluralRules(current).select(vars.count)] ?? text.other;
  }
  if (typeof text !== 'string') return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (vars[name] === undefined) return whole;
    // Only the reader's own input (value, raw) is cut; other variables are whole sentences or lists.
    return name === 'value' || name === 'raw' ? quoted(String(vars[name])) : String(vars[name]);
  });
}

/** A value typed or pasted by the reader may be megabytes: a message repeats only its start and end. */
function quoted(value, limit = 80) {
  if (value.length <= limit) return value;
  return `${value.slice(0, limit - 20)}…${value.slice(-12)}`;
}

/** Re-reads every data-i18n / data-i18n-attr element under root. */
export function translateTree(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':');
      el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}

export function setLanguage(lang) {
  if (!languages.includes(lang)) return;
  current = lang;
  document.documentElement.lang = lang;
  translateTree(document);
  for (const listener of listeners) listener(lang);
}

/** Calls listener(lang) after every switch; returns a function that unsubscribes it. */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
