// markdown.js — lesson text (Markdown) to HTML, with KaTeX formulas: $…$ inline and $$…$$ on their own lines.
// The text is the project's own (web/lessons/*/xx.md), so raw HTML is allowed; lessons use it for the
// <div data-slot="…"></div> placeholders where their interactive figures go.
import { Marked } from 'marked';
import katex from 'katex';
import 'katex/dist/katex.min.css';

// KaTeX writes MathML next to the visual HTML, so screen readers read the formula, not the glyphs.
const katexOptions = { throwOnError: false, output: 'htmlAndMathml' };

const displayMath = {
  name: 'displayMath',
  level: 'block',
  start(src) {
    const at = src.indexOf('$$');
    return at < 0 ? undefined : at;
  },
  tokenizer(src) {
    const match = /^\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/.exec(src);
    if (match) return { type: 'displayMath', raw: match[0], text: match[1].trim() };
    return undefined;
  },
  renderer(token) {
    return `<div class="math-display">${katex.renderToString(token.text, { ...katexOptions, displayMode: true })}</div>\n`;
  },
};

const inlineMath = {
  name: 'inlineMath',
  level: 'inline',
  start(src) {
    const at = src.indexOf('$');
    return at < 0 ? undefined : at;
  },
  tokenizer(src) {
    // A single $…$ on one line; "\$" stays a literal dollar sign.
    const match = /^\$((?:\\\$|[^$\n])+?)\$/.exec(src);
    if (match) return { type: 'inlineMath', raw: match[0], text: match[1] };
    return undefined;
  },
  renderer(token) {
    return katex.renderToString(token.text, { ...katexOptions, displayMode: false });
  },
};

const marked = new Marked({ gfm: true, extensions: [displayMath, inlineMath] });

/**
 * Renders text into a fresh <div>. Tables are wrapped in a scrolling box, so a wide one scrolls on a phone
 * instead of widening the whole page.
 */
export function renderMarkdown(text) {
  const container = document.createElement('div');
  container.innerHTML = marked.parse(text);
  for (const table of container.querySelectorAll('table')) {
    table.classList.add('text-table');
    const box = document.createElement('div');
    box.className = 'table-scroll';
    table.replaceWith(box);
    box.append(table);
    // It scrolls on a phone: focusable, so the keyboard can scroll it, and named by its column headers.
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim()).join(' · '));
  }
  // A code block or a formula wider than the page (a phone) scrolls too: keyboard users must reach it.
  for (const wide of container.querySelectorAll('pre, .math-display')) wide.tabIndex = 0;
  return container;
}
