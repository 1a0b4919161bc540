// markdown.js — a lesson's text, already HTML (scripts/vite/lesson-markdown.mjs renders the Markdown and its
// KaTeX formulas at build time), made into page content: wide tables and formulas scroll on a phone.
import 'katex/dist/katex.min.css';

/**
 * Puts the lesson's HTML into a fresh <div>. Tables are wrapped in a scrolling box, so a wide one scrolls on a
 * phone instead of widening the whole page.
 */
export function renderMarkdown(html) {
  const container = document.createElement('div');
  container.innerHTML = html;
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
  // KaTeX's layout (see scripts/vite/lesson-markdown.mjs), one declaration at a time: the CSP refuses a style
  // attribute or cssText, not a property set through the CSSOM.
  for (const node of container.querySelectorAll('[data-katex-style]')) {
    for (const declaration of node.dataset.katexStyle.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) node.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
    }
    node.removeAttribute('data-katex-style');
  }
  // A code block or a formula wider than the page (a phone) scrolls too: keyboard users must reach it.
  for (const wide of container.querySelectorAll('pre, .math-display')) wide.tabIndex = 0;
  return container;
}
