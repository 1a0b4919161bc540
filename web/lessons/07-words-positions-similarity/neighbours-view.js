// The words nearest the first word, by cosine.
import { t } from '../../src/i18n.js';
import { dataTable } from '../../src/charts/table.js';
import { el } from '../../src/ui/dom.js';
import { panel, number7 } from './parts.js';

/** The nearest words to the first word, by cosine. */
export function neighboursView() {
  const { element, title } = panel('neighbours');
  const body = el('div');
  element.append(body);
  let last = null;
  function draw(data) {
    last = data;
    title.textContent = t('w2v.neighbours.title');
    if (!data) {
      body.replaceChildren(el('p', 'chart-empty', t('w2v.similarity.empty')));
      return;
    }
    const table = dataTable({
      caption: t('w2v.neighbours.caption', { word: data.word }),
      corner: '#',
      columns: [t('w2v.corpus.word'), t('w2v.neighbours.similarity')],
      rows: data.neighbours.map((n, i) => ({ header: String(i + 1), cells: [n.word, number7(n.similarity)] })),
    });
    table.classList.add('w2v-neighbours');
    body.replaceChildren(table);
  }
  draw(null);
  return { element, draw, relabel: () => draw(last) };
}
