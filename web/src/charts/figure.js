// charts/figure.js — the frame every chart sits in: a title, the drawing, a short note, and a <details>
// that shows the same numbers as a table, built only while it is open (ui/dom.js, disclosure).
import { t } from '../i18n.js';
import { scrollBox } from './table.js';
import { download, exportName, figureSvg, gridCsv, svgToPng, tableCsv } from './export.js';
import { disclosure, el, setText } from '../ui/dom.js';
import { layoutWidth } from '../ui/layout-width.js';
import { canMorph, morph } from './morph.js';

/**
 * Plot names every mark group (aria-label="line", "dot", "rule"…) on elements that have no role, which ARIA
 * does not allow and which screen readers would read out as noise. The chart's own name stays on its <svg>,
 * now an image; the groups' names move to data-mark.
 */
export function quietMarks(drawing) {
  const svgs = drawing.matches?.('svg') ? [drawing] : [...drawing.querySelectorAll('svg')];
  for (const svg of svgs) {
    if (svg.hasAttribute('aria-label')) svg.setAttribute('role', 'img');
    for (const node of svg.querySelectorAll('[aria-label]')) {
      node.dataset.mark = node.getAttribute('aria-label'); // kept for tests and for reading the DOM
      node.removeAttribute('aria-label');
    }
  }
  return drawing;
}

/**
 * A figure whose class is `chart className`; the last class names its downloads ("heatmap similarity-heatmap":
 * poslab-distances-similarity-heatmap-….png).
 */
export function chartFigure(className) {
  const element = document.createElement('figure');
  element.className = `chart ${className}`;
  const caption = document.createElement('figcaption');
  const host = document.createElement('div');
  host.className = 'chart-host';
  const note = el('p', 'chart-note');
  const { element: details, summary, build } = disclosure('chart-table');
  const exports = exportBar(className.split(' ').at(-1));
  // The downloads and "show as a table" share a line where there is room; an open table takes the width.
  const foot = document.createElement('div');
  foot.className = 'chart-foot';
  foot.append(exports.element, details);
  element.append(caption, host, note, foot);

  return {
    element,
    host,
    /** Width available for the drawing, in CSS pixels. */
    width: () => layoutWidth(host) || layoutWidth(element) || 600,
    /**
     * table: builds the figure's numbers as a <table> (its "show as a table" and its CSV), or null when there are
     * none yet; tableShown: false when the lesson prints those numbers beside the figure already (CSV only).
     * csv: builds all the numbers when the table shows only a window of them (a 2048 × 1024 matrix), as a
     * <table> or, for many numbers, as dataTable's data ({caption, corner, columns, rows}), so the CSV holds the
     * whole matrix its caption names. fileKey: the settings that tell this figure's files apart ("100x64-paper").
     */
    update({ title, drawing, noteText = '', table, tableShown = true, csv, fileKey = '' }) {
      // Texts written only when they change: the same text written again is laid out again, every frame of a drag.
      setText(caption, title);
      setText(summary, t('charts.showTable'));
      // A chart may hand back the drawing on screen, repainted (charts/arrows.js): it stays where it is.
      // A chart drawn anew on every move changes on screen only where it differs (charts/morph.js).
      const shown = host.firstElementChild;
      if (drawing && drawing !== shown) {
        if (shown && host.childNodes.length === 1 && canMorph(shown, drawing)) morph(shown, quietMarks(drawing));
        else host.replaceChildren(quietMarks(drawing));
      }
      setText(note, noteText);
      note.hidden = !noteText;
      // A bare table scrolls in its own box, so a wide one never widens the page on a phone.
      build(table && (() => {
        const built = table();
        return built.matches?.('table') ? scrollBox(built, built.caption?.textContent ?? '') : built;
      }));
      // No numbers to show (nothing drawn yet): no "show as a table" that would open on nothing.
      details.hidden = !table || !tableShown;
      exports.show({ title, host, csv: table && (csv ?? table), fileKey });
    },
  };
}

const setLabel = (node, label) => node.getAttribute('aria-label') !== label && node.setAttribute('aria-label', label);

/**
 * "Download: PNG · SVG · CSV" under a figure: the drawing as the page shows it (PNG at PNG_SCALE for slides)
 * and the figure's numbers as CSV, named after the lesson, the figure (`figure`) and its key settings.
 */
function exportBar(figure) {
  const element = document.createElement('div');
  element.className = 'chart-export';
  element.setAttribute('role', 'group');
  const label = document.createElement('span');
  label.className = 'chart-export-label';
  const buttons = ['png', 'svg', 'csv'].map((kind) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'chart-export-button';
    button.dataset.export = kind;
    return button;
  });
  element.append(label, ...buttons);
  let current = null;

  async function save(kind) {
    const { title, host, csv, fileKey } = current;
    const name = exportName({ figure, key: fileKey, extension: kind });
    if (kind === 'csv') {
      const built = csv();
      const table = built instanceof Element ? (built.matches('table') ? built : built.querySelector('table')) : null;
      const note = (caption) => t('charts.export.csvNote', { caption: caption || title });
      const text = table ? tableCsv(table, note(table.caption?.textContent)) : gridCsv(built, note(built.caption));
      download(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
      return;
    }
    const drawing = figureSvg(host, title);
    const blob = kind === 'svg' ? new Blob([drawing.svg], { type: 'image/svg+xml' }) : await svgToPng(drawing);
    download(blob, name);
  }
  // A whole 2048 × 1024 matrix takes a few seconds to write: a second click meanwhile would write it twice.
  let busy = false;
  buttons.forEach((button) => button.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    element.setAttribute('aria-busy', 'true');
    try {
      await save(button.dataset.export);
    } finally {
      busy = false;
      element.removeAttribute('aria-busy');
    }
  }));

  return {
    element,
    show({ title, host, csv, fileKey }) {
      current = { title, host, csv, fileKey };
      setText(label, t('charts.export.label'));
      setLabel(element, t('charts.export.group', { title }));
      for (const button of buttons) {
        setText(button, button.dataset.export.toUpperCase());
        setLabel(button, t(`charts.export.${button.dataset.export}`, { title }));
      }
      // Only what exists: no drawing yet (or only the "nothing yet" line a figure shows before a run), or no
      // numbers behind it (a row outside the matrix), nothing to save.
      element.hidden = !csv || !host.firstChild || host.firstElementChild?.classList.contains('chart-empty');
    },
  };
}
