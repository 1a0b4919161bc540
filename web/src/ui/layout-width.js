// ui/layout-width.js — an element's width for a drawing, read once until the page's layout changes. Reading
// clientWidth right after the page changed forces the browser to lay it out there and then; and a part of the
// lesson away from the screen is not laid out at all (content-visibility), so reading a width inside it lays it
// out for nothing, on every frame of a slider's drag. A figure's box changes width with the lesson's column
// (the window, a scroll bar that appears), the text size and the language (a label beside it): lesson-view.js
// calls forgetWidths when the column or the language changes. A box with no width yet (a closed aside, a step
// not shown) is read again until it has one.
import { textScale } from './text-size.js';

let generation = 0;
const known = new WeakMap(); // element → {key, width}

/** Every width read so far is read again when next asked for. */
export function forgetWidths() {
  generation += 1;
}

/** element.clientWidth, as last read since the layout last changed (0 is never kept). */
export function layoutWidth(element) {
  const key = `${generation}|${textScale()}`;
  const last = known.get(element);
  if (last?.key === key) return last.width;
  const width = element.clientWidth;
  if (width > 0) known.set(element, { key, width });
  return width;
}
