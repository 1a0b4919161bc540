// charts/export.js — a figure as files for slides and handouts: SVG and PNG of the drawing exactly as the page
// shows it (Plot's SVG, the heat maps' canvas, the legends' HTML text) under the figure's whole title, and CSV of
// the figure's numbers. Nothing is redrawn here, so an exported number is always the number on screen.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Slides want more pixels than a screen: a PNG is drawn at 3 CSS pixels per pixel (1800 px for 600). */
export const PNG_SCALE = 3;

/** The longest file name a download gets: short enough for any file system, a slide's notes and a chat message. */
export const NAME_LIMIT = 60;

// An image drawn from a blob: URL inherits the page's CSP, which refuses style attributes ('unsafe-inline'):
// in the exported SVG the properties a drawing needs travel as presentation attributes instead.
const PRESENTATION = new Set([
  'color', 'fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'opacity',
  'font-family', 'font-size', 'font-style', 'font-variant', 'font-weight', 'text-anchor', 'dominant-baseline',
  'image-rendering', 'shape-rendering', 'visibility',
]);

/** Replaces every style attribute under (and on) `root` by the presentation attributes it held. */
function stylesAsAttributes(root) {
  for (const node of [root, ...root.querySelectorAll('[style]')]) {
    if (!node.hasAttribute('style')) continue;
    for (const name of Array.from(node.style)) if (PRESENTATION.has(name)) node.setAttribute(name, node.style.getPropertyValue(name));
    node.removeAttribute('style');
  }
}

const escapeXml = (text) => String(text).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);

// The title as the SVG draws it; the same family as the drawing's root, so measuring and drawing agree.
const FONT_FAMILY = 'system-ui, sans-serif';
const TITLE = { size: 16, line: 20, font: `bold 16px ${FONT_FAMILY}` };
/** White space around everything, so no tick label or title touches the image's edge. */
const PAD = 12;

let measuring = null;
const measure = (text, font) => {
  measuring ??= document.createElement('canvas').getContext('2d');
  measuring.font = font;
  return measuring.measureText(text).width;
};

/**
 * `text` broken into lines no wider than `width` when drawn in `font`: at spaces, and inside a word only when the
 * word alone is wider. Each line keeps the space it was broken at, so the lines joined are `text` again.
 */
export function wrapText(text, width, font) {
  const lines = [];
  let line = '';
  for (const word of text.split(/(?<= )/)) {
    if (line && measure(line + word.trimEnd(), font) > width) {
      lines.push(line);
      line = '';
    }
    for (const char of word) {
      if (line && char !== ' ' && measure(line + char, font) > width) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

/** The union of rectangles ({left, top, right, bottom}). */
const union = (rects) => rects.reduce((a, r) => ({
  left: Math.min(a.left, r.left), top: Math.min(a.top, r.top), right: Math.max(a.right, r.right), bottom: Math.max(a.bottom, r.bottom),
}));

/**
 * The drawing inside `host` as one standalone SVG document (a string) with `title` on top, wrapped to the
 * drawing's width: each top-level <svg> placed where it sits on screen, each <canvas> as an embedded PNG image
 * (or as the SVG it says it paints, `canvas.vector`),
 * and the HTML text around them (a legend's swatch names) as SVG text. Labels that reach past their own <svg>
 * on screen (a colour ramp's last tick) are drawn whole, and the image grows to hold every label.
 * Returns {svg, width, height} in CSS pixels.
 */
export function figureSvg(host, title) {
  const nodes = [...host.querySelectorAll('svg, canvas')].filter((node) => !node.parentElement.closest('svg')); // nested ones come with their drawing
  const texts = [];
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (!text.textContent.trim() || text.parentElement.closest('svg')) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    texts.push({ node: text, rect: range.getBoundingClientRect() });
  }
  const shown = (rect) => rect.width > 0 && rect.height > 0;
  // The drawing's own extent (not the host's, which spans the column however narrow the drawing).
  const rects = [...nodes, ...host.querySelectorAll('svg text')].map((node) => node.getBoundingClientRect()).concat(texts.map((x) => x.rect)).filter(shown);
  const bounds = union(rects.length ? rects : [host.getBoundingClientRect()]);
  const width = Math.ceil(bounds.right - bounds.left) + 2 * PAD;
  const lines = wrapText(title, width - 2 * PAD, TITLE.font);
  const top = PAD + lines.length * TITLE.line + PAD / 2;
  const height = Math.ceil(bounds.bottom - bounds.top) + top + PAD;
  const at = (rect) => ({ x: rect.left - bounds.left + PAD, y: rect.top - bounds.top + top, w: rect.width, h: rect.height });

  const parts = [];
  for (const node of nodes) {
    const r = at(node.getBoundingClientRect());
    if (r.w === 0 || r.h === 0) continue;
    if (node.vector) {
      // A canvas that can say what it paints as SVG (a labelled heat map's cells and numbers) stays vector.
      const { width: w, height: h, markup } = node.vector;
      parts.push(`<svg x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" viewBox="0 0 ${w} ${h}" overflow="visible">${markup}</svg>`);
      continue;
    }
    if (node.tagName.toLowerCase() === 'canvas') {
      parts.push(`<image x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" preserveAspectRatio="none" image-rendering="pixelated" href="${node.toDataURL('image/png')}"/>`);
      continue;
    }
    const copy = node.cloneNode(true);
    copy.setAttribute('x', String(r.x));
    copy.setAttribute('y', String(r.y));
    copy.setAttribute('width', String(r.w));
    copy.setAttribute('height', String(r.h));
    if (!copy.getAttribute('viewBox')) copy.setAttribute('viewBox', `0 0 ${r.w} ${r.h}`);
    // A nested <svg> clips to its box unless told otherwise; the room made above holds what reaches past it.
    copy.setAttribute('overflow', 'visible');
    stylesAsAttributes(copy);
    parts.push(new XMLSerializer().serializeToString(copy));
  }
  // Text outside the SVGs (Plot's swatch legends are HTML): each line where it stands, in its size.
  for (const { node, rect } of texts) {
    if (!shown(rect)) continue;
    const r = at(rect);
    const size = parseFloat(getComputedStyle(node.parentElement).fontSize) || 13;
    parts.push(`<text x="${r.x}" y="${r.y + r.h * 0.78}" font-size="${size}">${escapeXml(node.textContent.trim())}</text>`);
  }
  const titleLines = lines.map((line, k) => `<tspan x="${PAD}" y="${PAD + TITLE.size + k * TITLE.line}">${escapeXml(line)}</tspan>`).join('');
  const svg = [
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}" color="#1a1a1a" fill="#1a1a1a">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text class="figure-title" font-size="${TITLE.size}" font-weight="bold">${titleLines}</text>`,
    ...parts,
    '</svg>',
  ].join('\n');
  return { svg, width, height };
}

/** The SVG drawn onto a canvas PNG_SCALE times larger; resolves to a PNG Blob. */
export async function svgToPng({ svg, width, height }) {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * PNG_SCALE);
    canvas.height = Math.round(height * PNG_SCALE);
    canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

const csvCell = (text) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * Rows of cells (strings) as CSV (RFC 4180, UTF-8 with a BOM so spreadsheets read the accents). `note` (the
 * caption and the decimal notation) comes first, as a one-cell line.
 */
function csvText(note, rows) {
  const lines = [csvCell(note)];
  for (const cells of rows) lines.push(cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A <table>'s header and body rows as CSV, each cell as it reads. */
export const tableCsv = (table, note) => csvText(note, [...table.querySelectorAll('tr')].map((row) => [...row.cells].map((cell) => cell.textContent.trim())));

/**
 * A table given as data — {corner, columns, rows: [{header, cells}]}, what charts/table.js dataTable takes,
 * with text cells — as CSV: for numbers too many to build as a page's table (a 2048 × 1024 matrix).
 */
export const gridCsv = ({ corner = '', columns, rows }, note) => csvText(note, [[corner, ...columns], ...rows.map((row) => [row.header, ...row.cells])]);

/** Lower-case ASCII words joined by hyphens: "Frase 3, máscara" → "frase-3-mascara". */
const slug = (text) => String(text).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/**
 * "poslab-<lesson>-<figure>-<key>.<ext>", at most NAME_LIMIT characters: the lesson (from the link), the
 * figure's short name and its key settings (a shape, a position: "100x64-paper"). A key too long for the limit
 * loses its last words, never the lesson or the figure.
 */
export function exportName({ figure, key = '', extension, hash = location.hash }) {
  const lesson = /^#\/([\w-]+)/.exec(hash)?.[1] ?? 'lab';
  const base = ['poslab', slug(lesson), slug(figure)].filter(Boolean).join('-');
  const room = NAME_LIMIT - base.length - extension.length - 2; // the hyphen before the key and the dot
  let detail = slug(key);
  while (detail.length > room) detail = detail.includes('-') ? detail.slice(0, detail.lastIndexOf('-')) : '';
  return `${detail ? `${base}-${detail}` : base}.${extension}`;
}

/** Hands `blob` to the browser as a download named `name`. */
export function download(blob, name) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
