// dom.js — the two DOM shapes every lesson builds: an element with a class (and text), and a titled panel
// whose <h2> names it for screen readers (aria-labelledby).

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
