// The words nearest the first word, by cosine.
import { t } from '../../src/i18n.js';
import { dataTable } from '../../src/charts/table.js';
import { disclosure, el } from '../../src/ui/dom.js';
import { panel, number7 } from './parts.js';

/** The nearest words to the first word, by cosine. */
export function neighboursView() {
  const { element, title } = panel('neighbours');
  // The words, nearest first, in one sentence; their cosines behind "Show the numbers" (kept open or closed
  // across redraws, as the reader left it).
  const list = el('p', 'w2v-neighbour-list');
  const { element: numbers, summary, body: host } = disclosure('chart-table');
  element.append(list, numbers);
  let last = null;
  function draw(data) {
    last = data;
    title.textContent = t('w2v.neighbours.title');
    summary.textContent = t('w2v.neighbours.show');
    numbers.hidden = !data;
    if (!data) {
      list.replaceChildren(el('span', 'chart-empty', t('w2v.similarity.empty')));
      host.replaceChildren();
      return;
    }
    // Each word in quotes: punctuation is a word here too (“.”), and bare it would read as the sentence's own.
    const quoted = data.neighbours.map((n) => t('w2v.neighbours.quoted', { word: n.word }));
    list.textContent = t('w2v.neighbours.list', { word: data.word, words: quoted.join(', ') });
    const table = dataTable({
      caption: t('w2v.neighbours.caption', { word: data.word }),
      corner: '#',
      columns: [t('w2v.corpus.word'), t('w2v.neighbours.similarity')],
      rows: data.neighbours.map((n, i) => ({ header: String(i + 1), cells: [n.word, number7(n.similarity)] })),
    });
    table.classList.add('w2v-neighbours');
    host.replaceChildren(table);
  }
  draw(null);
  return { element, draw, relabel: () => draw(last) };
}
