// The verdict: is each word's output the same vector in both orders? A check mark (or a cross) and, word
// by word behind a disclosure, the largest difference between its two output vectors, as the kernel computed.
import { t } from '../../src/i18n.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatValue } from '../../src/format.js';
import { disclosure } from '../../src/ui/dom.js';

export function checkView() {
  const element = document.createElement('section');
  element.className = 'panel why-check';
  element.setAttribute('aria-live', 'polite');
  const verdict = document.createElement('p');
  verdict.className = 'verdict';
  const mark = document.createElement('span');
  mark.className = 'verdict-mark';
  mark.setAttribute('aria-hidden', 'true');
  const text = document.createElement('span');
  verdict.append(mark, text);
  // The verdict gives the largest difference; the word-by-word table waits behind a disclosure.
  const numbers = disclosure('why-check-numbers');
  const tableHost = numbers.body;
  element.append(verdict, numbers.element);

  /** words: original order; order: new order; gaps: per new position; same: every gap within rounding. */
  function draw({ words, order, gaps, same, view }) {
    element.dataset.same = String(same);
    mark.textContent = same ? '✓' : '✗';
    verdict.className = `verdict ${same ? 'verdict-same' : 'verdict-different'}`;
    const largest = Math.max(...gaps);
    const vars = { gap: formatValue(largest) };
    const cause = view.pe === 'on' ? 'pe' : view.mask === 'on' ? 'mask' : 'plain';
    text.textContent = same ? t(`whyOrder.check.same.${cause}`, vars) : t(`whyOrder.check.different.${cause}`, vars);
    const caption = t('whyOrder.check.caption');
    numbers.summary.textContent = t('whyOrder.check.show');
    const rows = order.map((from, to) => ({
      header: words[from],
      cells: [String(from), String(to), formatValue(gaps[to]), gapIsSmall(gaps[to]) ? t('whyOrder.check.yes') : t('whyOrder.check.no')],
    }));
    tableHost.replaceChildren(
      scrollBox(
        dataTable({
          caption,
          corner: t('whyOrder.check.word'),
          columns: [t('whyOrder.check.before'), t('whyOrder.check.after'), t('whyOrder.check.gap'), t('whyOrder.check.sameVector')],
          rows,
        }),
        caption,
      ),
    );
  }
  return { element, draw };
}

/**
 * Two float32 outputs of the same word count as "the same vector" when they differ by less than this:
 * the kernel adds up the same numbers in another order, which can change the last bits (about 1e-7).
 */
export const TOLERANCE = 1e-5;
export const gapIsSmall = (gap) => gap < TOLERANCE;
