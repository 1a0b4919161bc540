// charts/export.js — a figure as files for slides and handouts: SVG and PNG of the drawing exactly as the page
// shows it (Plot's SVG, the heat maps' canvas, the legends' HTML text), and CSV of the figure's table. Nothing
// is redrawn here, so an exported number is always the number on screen.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Slides want more pixels than a screen: a PNG is drawn at 3 CSS pixels per pixel (1800 px for 600). */
export const PNG_SCALE = 3;

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

/**
 * The drawing inside `host` as one standalone SVG document (a string) with `title` on top: each top-level
 * <svg> placed where it sits on screen, each <canvas> as an embedded PNG image, and the HTML text around them
 * (a legend's swatch names) as SVG text. Returns {svg, width, height} in CSS pixels.
 */
export function figureSvg(host, title) {
  const box = host.getBoundingClientRect();
  const top = 30; // room for the title
  const width = Math.ceil(box.width);
  const height = Math.ceil(box.height) + top;
  const at = (rect) => ({ x: rect.left - box.left, y: rect.top - box.top + top, w: rect.width, h: rect.height });
  const parts = [];
  for (const node of host.querySelectorAll('svg, canvas')) {
    if (node.parentElement.closest('svg')) continue; // nested in a drawing already taken whole
    const r = at(node.getBoundingClientRect());
    if (r.w === 0 || r.h === 0) continue;
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
    stylesAsAttributes(copy);
    parts.push(new XMLSerializer().serializeToString(copy));
  }
  // Text outside the SVGs (Plot's swatch legends are HTML): each line where it stands, in its size.
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (!text.textContent.trim() || text.parentElement.closest('svg')) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    const r = at(range.getBoundingClientRect());
    if (r.w === 0) continue;
    const size = parseFloat(getComputedStyle(text.parentElement).fontSize) || 13;
    parts.push(`<text x="${r.x}" y="${r.y + r.h * 0.78}" font-size="${size}">${escapeXml(text.textContent.trim())}</text>`);
  }
  const svg = [
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" color="#1a1a1a" fill="#1a1a1a">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="0" y="20" font-size="16" font-weight="bold">${escapeXml(title)}</text>`,
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
 * A table's header and body rows as CSV (RFC 4180, UTF-8 with a BOM so spreadsheets read the accents).
 * `note` (the caption and the decimal notation) comes first, as a one-cell line.
 */
export function tableCsv(table, note) {
  const lines = [csvCell(note)];
  for (const row of table.querySelectorAll('tr')) {
    lines.push([...row.cells].map((cell) => csvCell(cell.textContent.trim())).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** "poslab-pe-matrix-<title>-maxLen-100_dModel-64.png": the lesson, the figure and the link's settings. */
export function exportName(title, extension, hash = location.hash) {
  const match = /^#\/([\w-]+)(?:\?(.*))?$/.exec(hash) || [];
  const settings = [...new URLSearchParams(match[2] || '')].filter(([key, value]) => key !== 'lang' && value !== '').map(([k, v]) => `${k}-${v}`).join('_');
  const slug = (text) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '');
  const name = ['poslab', match[1] || 'lab', slug(title).slice(0, 60), slug(settings).slice(0, 80)].filter(Boolean).join('-');
  return `${name}.${extension}`;
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
