// ui/text-size.js — "Large text", for a projector at the back of a classroom: the page's text and every
// chart's text (ticks, axis titles, legends, values in cells) grow by SCALE, and the charts' margins with them
// so that nothing larger is cut. Kept in this browser; `text=large` in a link asks for it too (an embedded
// figure shown on a projector has no header to switch it on).
import { storage } from '../state.js';

const SCALE = 1.3;
const KEY = 'textSize';
let large = false;

/** How much larger than designed chart text is drawn now (1 or SCALE). */
export const textScale = () => (large ? SCALE : 1);

/** A length in CSS pixels that holds text (a margin, a label's offset), grown with the text. */
export const px = (n) => Math.round(n * textScale());

export const largeText = () => large;

/**
 * A chart's height for its width: `ratio` of the width, between `min` and `max` CSS pixels, both grown with the
 * text: the margins that hold text grow with it, and the plot inside them must not shrink for it.
 */
export const chartHeight = (width, ratio, min, max) => Math.round(Math.min(px(max), Math.max(px(min), width * ratio)));

/** Reads the setting (the link first, which is then kept, else what this browser kept) onto <html data-text-size>. */
export function readTextSize(query) {
  const fromLink = query.get('text');
  if (fromLink === 'large' || fromLink === 'normal') setLargeText(fromLink === 'large');
  else apply(storage.get(KEY) === 'large');
}

/** Switches the setting and keeps it; the caller redraws. */
export function setLargeText(on) {
  apply(on);
  if (on) storage.set(KEY, 'large');
  else storage.remove(KEY);
}

function apply(on) {
  large = Boolean(on);
  if (large) document.documentElement.dataset.textSize = 'large';
  else delete document.documentElement.dataset.textSize;
}
