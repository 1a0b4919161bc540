// "What we found" inside the text's closed section: the notebook's table (mean over its seeds, and the range when
// there are several) and the sentences that compare the methods, each filled from findings.js.
import { t, language } from '../../src/i18n.js';
import { formatCount, formatNumber, formatPercent } from '../../src/format.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { el } from '../../src/ui/dom.js';
import { findings } from './findings.js';

export function findingsView() {
  const element = el('div', 'lm-findings');
  const f = findings();

  function relabel() {
    const lang = language();
    // The table as the figure's table beside it prints its numbers (the lab's decimal point in both languages);
    // the sentences below in the reader's language.
    const number = (x) => x.toFixed(2);
    const method = (m) => t(`train.methods.${m}`);
    const cell = (m, i) => {
      const { mean, min, max } = f.methods[m];
      if (mean[i] === null) return t('lm.result.noRows', { rows: f.trainLength });
      return f.seeds > 1 ? `${number(mean[i])} (${number(min[i])}–${number(max[i])})` : number(mean[i]);
    };
    const table = dataTable({
      caption: t('lm.findings.caption', { seeds: formatCount(f.seeds, lang), L: f.trainLength }),
      corner: t('lm.result.byLength.x'),
      columns: Object.keys(f.methods).map(method),
      rows: f.lengths.map((n, i) => ({ header: String(n), label: n === f.trainLength ? t('lm.result.trainedRow') : '', cells: Object.keys(f.methods).map((m) => cell(m, i)) })),
    });
    const facts = [
      t('lm.findings.seeds', { count: f.seeds, seeds: formatCount(f.seeds, lang) }),
      t('lm.findings.best', { best: method(f.best), worst: method(f.worst), longest: f.lengths.at(-1) }),
      t('lm.findings.sinusoidal', { ratio: formatNumber(f.sinusoidalJump, lang, { decimals: 1 }), L: f.trainLength, twice: 2 * f.trainLength }),
      t('lm.findings.alibi', { change: formatPercent((100 * f.alibiChange).toFixed(0), lang), L: f.trainLength, longest: f.lengths.at(-1) }),
    ];
    const list = el('ul', 'lm-findings-facts');
    list.append(...facts.map((text, k) => {
      const li = el('li', '', text);
      li.dataset.fact = ['seeds', 'best', 'sinusoidal', 'alibi'][k];
      return li;
    }));
    element.replaceChildren(scrollBox(table, table.caption?.textContent ?? ''), list);
  }
  relabel();
  return { element, relabel };
}
