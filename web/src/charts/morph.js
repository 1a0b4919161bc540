// charts/morph.js — a drawing on screen made to equal a new one by changing only what differs. A slider move
// draws a chart anew (Plot gives a new <svg> each time), yet most of it is the same as the one shown: the same
// frame, the same grid lines, often the same ticks. New elements are styled, laid out (each tick label shaped
// again) and painted from nothing; an element kept, with a changed attribute or text, costs only that change.
// In a chart of a few dozen nodes that was most of a move's rendering on a phone.
//
// Only drawings made to be morphed are (`morphable`): a chart that keeps state on its elements (charts/arrows.js)
// is not. Inside one, a <canvas> is never copied into (what it painted cannot be read back cheaply: the new one
// takes its place), nor is a node shared with other drawings (`whole`: plot.js' kept legends), which is kept only
// if it is equal, else replaced.

const drawings = new WeakSet();
const wholes = new WeakSet();

/** Marks a drawing as one figure.update may morph the drawing on screen into. */
export const morphable = (drawing) => (drawings.add(drawing), drawing);

/** Marks a node as never to be changed in place, only kept (when equal) or replaced. */
export const whole = (node) => (wholes.add(node), node);

/** Whether the drawing on screen, `old`, can be made into `fresh` by morph(). */
export const canMorph = (old, fresh) => drawings.has(old) && drawings.has(fresh) && old.nodeName === fresh.nodeName && old.className === fresh.className;

/** Makes `old` equal `fresh` (same tree, attributes and text), keeping every node it can; returns the node shown. */
export function morph(old, fresh) {
  const whole = wholes.has(old) || wholes.has(fresh);
  const replace = old.nodeType !== fresh.nodeType || old.nodeName !== fresh.nodeName || fresh.nodeName.toLowerCase() === 'canvas'
    || (whole && old !== fresh && !old.isEqualNode(fresh));
  if (replace) {
    old.replaceWith(fresh);
    return fresh;
  }
  // The browser compares two subtrees faster than a walk through them here: an unchanged axis is left at once.
  // Only inside an SVG, where no canvas is: two canvases of the same size are equal nodes whatever they show.
  if (whole || (old instanceof SVGElement && old.isEqualNode(fresh))) return old;
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return old;
  }
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of fresh.attributes) {
    if (old.getAttribute(name) === value) continue;
    // The site's CSP refuses a style attribute written as such; through the CSSOM it is the page's own.
    if (name === 'style') old.style.cssText = fresh.style.cssText;
    else old.setAttribute(name, value);
  }
  const before = [...old.childNodes];
  const after = [...fresh.childNodes];
  const shared = Math.min(before.length, after.length);
  for (let i = 0; i < shared; i++) morph(before[i], after[i]);
  for (let i = shared; i < before.length; i++) before[i].remove();
  old.append(...after.slice(shared));
  return old;
}
