// dom.js — the DOM shapes every lesson builds: an element with a class (and text), a titled panel whose <h2>
// names it for screen readers (aria-labelledby), and numbers behind a disclosure.
import { showTable } from '../charts/table.js';

/** A new `tag` element with an optional class and text. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** <section class="panel {className}"> with an <h2 class="panel-title" id="{titleId}"> inside, labelling it. */
export function titledPanel(className, titleId) {
  const element = el('section', `panel ${className}`);
  const title = el('h2', 'panel-title');
  if (titleId) {
    title.id = titleId;
    element.setAttribute('aria-labelledby', titleId);
  }
  element.append(title);
  return { element, title };
}

/**
 * <details class="numbers {className}">: numbers a figure or a sentence already gives, for the student who wants
 * the digits; a figure's "show as a table" is one too (charts/figure.js, class chart-table). The caller labels
 * summary and fills body, or hands build() what makes the body: then it is made only while the details are open
 * (on the reader's click, or at once when they are open already), so a closed one holds nothing to lay out or to
 * focus, and a hidden 2048-row table never slows a slider down.
 */
export function disclosure(className = '') {
  const element = el('details', `numbers ${className}`.trim());
  const summary = el('summary');
  const body = el('div');
  element.append(summary, body);
  let make = null;
  const fill = () => {
    if (!element.open || !make) return;
    const content = make();
    // A table in its scroll box (table.js' scrollBox) over one shown already, as a slider moves with the numbers
    // open: the table on screen is made into the new one in place, so a reader who scrolled it sideways keeps the
    // place (showTable).
    const table = content?.classList?.contains('table-scroll') && content.childElementCount === 1 ? content.firstElementChild : null;
    if (table?.matches('table') && body.firstElementChild?.classList.contains('table-scroll')) showTable(body, table, content.getAttribute('aria-label'));
    else body.replaceChildren(...(content ? [content] : []));
  };
  element.addEventListener('toggle', fill);
  return {
    element,
    summary,
    body,
    /** builder() → the body's content (null: none, the body emptied). */
    build(builder) {
      make = builder;
      if (!element.open || !make) body.replaceChildren();
      fill();
    },
  };
}

/** Sets a node's text only when it differs: writing the same text still makes the browser lay the node out again. */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
