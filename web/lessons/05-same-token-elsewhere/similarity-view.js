// E000-5: the same token repeated along a sentence; the cosine similarity of position 0 with every position,
// drawn live and listed as the document printed it (×1000), next to the document's own figures.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { xyChart } from '../../src/charts/xy.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { certainCosine } from './certain-digits.js';

// What document 000 printed in cell In [63] (its own random table, d_model = 512, five positions), and the
// settings of that cell: the column is shown only when the lesson has them (any seed: the document had none).
const DOCUMENT = ['1000.0001192092896', '999.988317489624', '999.9597668647766', '999.9275207519531', '999.9014735221863'];
const DOCUMENT_SETTINGS = { dModel: 512, token: 21, vocabSize: 100, scale: 'on', variant: 'literal-shifted' };
const hasDocumentSettings = (view) => Object.entries(DOCUMENT_SETTINGS).every(([name, value]) => view[name] === value) && view.count <= DOCUMENT.length;

// The document multiplies by 1000 to make the small differences readable; here only the printing does. The
// cosine is the kernel's double-precision one, printed with the digits PyTorch's float32 agrees with: 5 decimals
// (2 after ×1000), one fewer for a value next to a rounding boundary (certain-digits.js).
const times1000 = (x) => certainCosine(x).times1000;
// Below this (×1000) the similarity is no longer "close to 1000".
const CLOSE_TO_1000 = 990;

export function similarityView() {
  const element = document.createElement('section');
  element.className = 'panel similarity';
  const summary = document.createElement('p');
  summary.className = 'similarity-summary';
  summary.setAttribute('aria-live', 'polite');
  const figure = chartFigure('similarity-chart');
  const tableHost = document.createElement('div');
  element.append(summary, figure.element, tableHost);

  /**
   * similarity.pe: cos(position 0, position p) for each p after the PE layer; similarity.index: the same with
   * the raw index added instead of PE. Both Float32Arrays from the kernel.
   */
  function draw(similarity, view, width) {
    const cosine = similarity.pe;
    const positions = Array.from(cosine, (_, p) => p);
    const last = cosine.length - 1;
    const lowest = cosine.indexOf(Math.min(...cosine));
    const vars = {
      token: view.token,
      count: cosine.length,
      dModel: view.dModel,
      first: times1000(cosine[0]),
      last: times1000(cosine[last]),
      lastIndex: times1000(similarity.index[last]),
      lastPos: last,
      min: times1000(cosine[lowest]),
      minPos: lowest,
      sqrt: Math.sqrt(view.dModel).toFixed(2),
    };
    const scaled = cosine[lowest] * 1000 >= CLOSE_TO_1000 ? 'scaled' : 'scaledFar';
    summary.textContent = [
      t('sameToken.similarity.summary', vars),
      view.scale === 'on' ? t(`sameToken.similarity.${scaled}`, vars) : t('sameToken.similarity.unscaled', vars),
      t('sameToken.similarity.index', vars),
    ].join(' ');
    figure.update({
      title: t('sameToken.similarity.title', vars),
      drawing: xyChart({
        width,
        // Drawn ×1000, as the axis says: d3's format then gives every tick the same decimals (999.90, not 999.9).
        series: [{ name: t('sameToken.similarity.series'), x: positions, y: Array.from(cosine, (c) => c * 1000), connect: true }],
        labels: {
          x: t('sameToken.similarity.x'),
          y: t('sameToken.similarity.y'),
          aria: t('sameToken.similarity.aria', vars),
          description: t('sameToken.similarity.description'),
        },
        xTicks: positions.length <= 16 ? positions : undefined,
        yTickFormat: 'f',
      }),
      noteText: t('sameToken.similarity.note'),
      table: null,
    });
    const caption = t('sameToken.similarity.caption', vars);
    const withDocument = hasDocumentSettings(view);
    const columns = [t('sameToken.similarity.cosine'), t('sameToken.similarity.cosine1000'), t('sameToken.similarity.indexColumn')];
    if (withDocument) columns.splice(2, 0, t('sameToken.similarity.document'));
    const table = dataTable({
      caption,
      corner: t('sameToken.similarity.corner'),
      columns,
      rows: positions.map((p) => {
        const shown = certainCosine(cosine[p]);
        const cells = [shown.cosine, shown.times1000, times1000(similarity.index[p])];
        if (withDocument) cells.splice(2, 0, DOCUMENT[p]);
        return { header: String(p), cells, className: shown.shortened ? 'similarity-shortened' : undefined };
      }),
    });
    table.classList.add('similarity-table');
    const digits = document.createElement('p');
    digits.className = 'similarity-digits';
    // The positions whose cosine is printed with a digit fewer, said in words next to the table.
    const shortened = positions.filter((p) => certainCosine(cosine[p]).shortened);
    const shortNote = shortened.length
      ? ` ${t('sameToken.similarity.shortened', { count: shortened.length, list: shortened.join(', ') })}`
      : '';
    digits.textContent = t(withDocument ? 'sameToken.similarity.digitsDocument' : 'sameToken.similarity.digits') + shortNote;
    digits.dataset.shortened = shortened.join(',');
    tableHost.replaceChildren(scrollBox(table, caption), digits);
  }
  return { element, width: figure.width, draw, relabel() {} };
}
