// Attention over one padded sentence, without and with key_padding_mask: the two weight maps (each with its
// table), how much of each real word's attention goes to padding, and how close the masked outputs are to
// those of the sentence alone, unpadded. Every number comes from the kernel (selfAttention with keyLength).
import { language, t } from '../../src/i18n.js';
import { formatNumber, formatPercent } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { labelledHeatmap } from '../../src/charts/labelled-heatmap.js';
import { dataTable, scrollBox, showTable } from '../../src/charts/table.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { layoutWidth } from '../../src/ui/layout-width.js';

export function attentionView() {
  const { element, title } = titledPanel('padding-attention', 'padding-attention-title');
  // Created once and kept in place: a figure moved out of the page between mousedown and mouseup loses the
  // reader's click on its "show as a table".
  const figures = { unmasked: chartFigure('padding-map padding-map-unmasked'), masked: chartFigure('padding-map padding-map-masked') };
  const maps = el('div', 'padding-maps');
  maps.append(figures.unmasked.element, figures.masked.element);
  const shareHost = el('div', 'padding-share');
  const verdict = el('p', 'padding-verdict');
  verdict.setAttribute('aria-live', 'polite');
  element.append(title, maps, shareHost, verdict);

  /**
   * shown: {n, words, length, maxLen}; unmasked, masked: attention weights ({rows, cols, data});
   * padShare: {unmasked, masked} Float64Array(length) of each real word's weight on padding; gap: largest
   * |masked output − unpadded output| over the real words.
   */
  function draw({ shown, unmasked, masked, padShare, gap }, width) {
    title.textContent = t('padding.attention.title');
    const labels = Array.from({ length: shown.maxLen }, (_, i) => `${i}·${i < shown.length ? shown.words[i] : 'PAD'}`);
    // Keys by position only (their tokens are the rows' labels): token labels would collide under the cells.
    const keys = labels.map((_, j) => String(j));
    // Side by side where there is room; one under the other, each the full width, on a phone.
    const cellWidth = width < 640 ? width : Math.max(260, Math.min(460, width / 2 - 12));
    for (const kind of ['unmasked', 'masked']) {
      const matrix = kind === 'masked' ? masked : unmasked;
      const mapTitle = t(`padding.attention.${kind}Title`, { n: shown.n });
      figures[kind].update({
        title: mapTitle,
        drawing: labelledHeatmap({
          matrix, rowLabels: labels, colLabels: keys, width: cellWidth, scale: 'weights', digits: 2,
          labels: { x: t('padding.attention.x'), y: t('padding.attention.y'), legend: t('padding.attention.legend'), aria: mapTitle, description: t(`padding.attention.${kind}Description`) },
        }),
        noteText: t(`padding.attention.${kind}Note`),
        table: () => scrollBox(dataTable({
          caption: mapTitle,
          corner: t('padding.attention.corner'),
          columns: labels,
          rows: labels.map((header, i) => ({ header, cells: labels.map((_, j) => matrix.data[i * matrix.cols + j].toFixed(3)) })),
        }), mapTitle),
        fileKey: `sentence${shown.n}`,
      });
    }
    const shareCaption = t('padding.attention.shareCaption', { n: shown.n });
    showTable(shareHost, dataTable({
      caption: shareCaption,
      corner: t('padding.attention.word'),
      columns: [t('padding.attention.withoutMask'), t('padding.attention.withMask')],
      rows: Array.from({ length: shown.length }, (_, i) => ({
        header: `${i}·${shown.words[i]}`,
        cells: [percent(padShare.unmasked[i]), percent(padShare.masked[i])],
      })),
    }), shareCaption);
    if (shown.length === shown.maxLen) {
      verdict.textContent = t('padding.attention.noPadding', { n: shown.n });
      return;
    }
    let most = 0;
    for (let i = 1; i < shown.length; i++) if (padShare.unmasked[i] > padShare.unmasked[most]) most = i;
    verdict.textContent = t('padding.attention.verdict', {
      word: shown.words[most],
      share: percent(padShare.unmasked[most]),
      gap: formatNumber(gap, language(), { significant: 5 }),
    });
  }
  return { element, draw, width: () => layoutWidth(maps) || layoutWidth(element) || 600 };
}

/** A share as each language writes a percentage: 82,3 % in Spanish (a no-break space, as the RAE asks), 82.3% in English. */
const percent = (share) => formatPercent((100 * share).toFixed(1), language());
