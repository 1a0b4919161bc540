// A Vite plugin that turns each lesson's Markdown into HTML at build time (marked, with KaTeX for $…$ and
// $$…$$), so the page downloads neither marked nor KaTeX's JavaScript, only the finished HTML of the lesson it
// opens (and KaTeX's CSS and fonts). Import a lesson text as `./xx.md?html`: its default export is the HTML.
// The text is the project's own (web/lessons/*/xx.md), so raw HTML is allowed: lessons use it for the
// <div data-slot="…"></div> placeholders where their interactive figures go.
import { readFile } from 'node:fs/promises';
import { Marked } from 'marked';
import katex from 'katex';

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
    // A single $…$ on one line; "\$" stays a literal dollar sign. Punctuation right after a short formula is kept
    // with it, so that a line never starts with the comma that follows it.
    const match = /^\$((?:\\\$|[^$\n])+?)\$([,.;:!?)]*)/.exec(src);
    if (match) return { type: 'inlineMath', raw: match[0], text: match[1], after: match[2] };
    return undefined;
  },
  renderer(token) {
    const math = katex.renderToString(token.text, { ...katexOptions, displayMode: false });
    // Only a short formula is kept whole with its punctuation: a long one must still be free to break on a phone.
    return token.after && token.text.length <= 16 ? `<span class="math-with-punctuation">${math}${token.after}</span>` : math + token.after;
  },
};

const marked = new Marked({ gfm: true, extensions: [displayMath, inlineMath] });

/**
 * A lesson's Markdown as HTML. KaTeX positions its glyphs with style attributes, which the site's CSP (no
 * 'unsafe-inline') refuses once parsed; they travel as data-katex-style, and web/src/markdown.js sets each
 * declaration through the CSSOM, which the policy allows.
 */
export const lessonHtml = (text) => marked.parse(text).replace(/(<[a-z][^>]*?) style="/g, '$1 data-katex-style="');

export function lessonMarkdown() {
  return {
    name: 'poslab-lesson-markdown',
    enforce: 'pre',
    async load(id) {
      const [path, query] = id.split('?');
      // A lesson's strings file reduced to its "lessons" key (the title), for the lesson list (web/src/i18n.js).
      if (path.endsWith('.json') && query === 'titles') {
        this.addWatchFile(path);
        return `export default ${JSON.stringify({ lessons: JSON.parse(await readFile(path, 'utf8')).lessons })};`;
      }
      if (!path.endsWith('.md') || query !== 'html') return null;
      this.addWatchFile(path);
      return `export default ${JSON.stringify(lessonHtml(await readFile(path, 'utf8')))};`;
    },
  };
}
