// E000-5: the same token repeated along a sentence; the cosine similarity of position 0 with every position,
// drawn live and listed as the document printed it (×1000), next to the document's own figures.
import { t, language } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { xyChart } from '../../src/charts/xy.js';
import { dataTable, showTable } from '../../src/charts/table.js';
import { el } from '../../src/ui/dom.js';
import { formatNumber } from '../../src/format.js';
import { certainCosine, withUncertain } from './certain-digits.js';

// What document 000 printed in cell In [63] (its own random table, d_model = 512, five positions), and the
// settings of that cell: the column is shown only when the lesson has them (any seed: the document had none).
const DOCUMENT = ['1000.0001192092896', '999.988317489624', '999.9597668647766', '999.9275207519531', '999.9014735221863'];
const DOCUMENT_SETTINGS = { dModel: 512, token: 21, vocabSize: 100, scale: 'on', variant: 'literal-shifted' };
const hasDocumentSettings = (view) => Object.entries(DOCUMENT_SETTINGS).every(([name, value]) => view[name] === value) && view.count <= DOCUMENT.length;

// The document multiplies by 1000 to make the small differences readable; here only the printing does. The
// cosine is the kernel's double-precision one, printed to 5 decimals (2 after ×1000), the digits PyTorch's float32
// agrees with; next to a rounding boundary the last one is uncertain and stands in parentheses (certain-digits.js).
const times1000 = (x) => withUncertain(certainCosine(x).times1000);
// The same digits inside a sentence, with the reader's decimal mark (the table keeps PyTorch's point; an uncertain
// last digit keeps its parentheses, which formatNumber has no way to say).
const times1000InText = (x) => (language() === 'es' ? times1000(x).replace('.', ',') : times1000(x));

/**
 * A table cell for one printed number. An uncertain digit is shown in parentheses, 0.9999(6), and read out in
 * words instead ("0.99996, last digit uncertain"), since "(6)" alone says nothing to a screen reader.
 */
function digitsCell(number) {
  if (!number.uncertain) return number.digits;
  const cell = el('span', 'uncertain-value');
  const shown = el('span', null, withUncertain(number));
  shown.setAttribute('aria-hidden', 'true');
  cell.append(shown, el('span', 'visually-hidden', t('sameToken.similarity.uncertainSpoken', { value: number.digits })));
  return cell;
}
// Below this (×1000) the similarity is no longer "close to 1000".
const CLOSE_TO_1000 = 990;

export function similarityView() {
  const element = document.createElement('section');
  element.className = 'panel similarity';
  const summary = document.createElement('p');
  summary.className = 'similarity-summary';
  summary.setAttribute('aria-live', 'polite');
  const figure = chartFigure('similarity-chart');
  // Under them, the table (each drawing's made into the shown one in place: showTable) and the sentence on
  // its uncertain digits.
  const tableHost = document.createElement('div');
  const tableBox = document.createElement('div');
  const digits = document.createElement('p');
  digits.className = 'similarity-digits';
  tableHost.append(tableBox, digits);
  // The summary reads the curve out: the two side by side where the column holds both, the table's digits under
  // them at full width (five columns would scroll sideways in half of it).
  const pair = document.createElement('div');
  pair.className = 'figure-pair';
  pair.append(summary, figure.element);
  element.append(pair, tableHost);

  /**
   * similarity.pe: cos(position 0, position p) for each p after the PE layer; similarity.index: the same with
   * the raw index added instead of PE. Both Float32Arrays from the kernel. due(part, element) says whether a part
   * ('chart': the summary and the chart; 'table': the digits under them) is to be drawn: while a slider moves,
   * only those on the screen are (lesson-view.js).
   */
  function draw(similarity, view, width, due) {
    const drawing = { chart: due('chart', pair), table: due('table', tableHost) };
    if (!drawing.chart && !drawing.table) return;
    const cosine = similarity.pe;
    const positions = Array.from(cosine, (_, p) => p);
    const last = cosine.length - 1;
    const lowest = cosine.indexOf(Math.min(...cosine));
    const vars = {
      token: view.token,
      count: cosine.length,
      dModel: view.dModel,
      first: times1000InText(cosine[0]),
      last: times1000InText(cosine[last]),
      lastIndex: times1000InText(similarity.index[last]),
      lastPos: last,
      min: times1000InText(cosine[lowest]),
      minPos: lowest,
      sqrt: formatNumber(Math.sqrt(view.dModel), language(), { decimals: 2 }),
    };
    const scaled = cosine[lowest] * 1000 >= CLOSE_TO_1000 ? 'scaled' : 'scaledFar';
    const caption = t('sameToken.similarity.caption', vars);
    const withDocument = hasDocumentSettings(view);
    const columns = [t('sameToken.similarity.cosine'), t('sameToken.similarity.cosine1000'), t('sameToken.similarity.indexColumn')];
    if (withDocument) columns.splice(2, 0, t('sameToken.similarity.document'));
    // The positions with an uncertain last digit (the cosine's or the raw index's), said in words under the table.
    const uncertain = positions.filter((p) => certainCosine(cosine[p]).uncertain || certainCosine(similarity.index[p]).uncertain);
    // One table, twice: under the chart with its uncertain digits read out, and as plain text for the CSV.
    const buildTable = (cell) => dataTable({
      caption,
      corner: t('sameToken.similarity.corner'),
      columns,
      rows: positions.map((p) => {
        const shown = certainCosine(cosine[p]);
        const cells = [cell(shown.cosine), cell(shown.times1000), cell(certainCosine(similarity.index[p]).times1000)];
        if (withDocument) cells.splice(2, 0, DOCUMENT[p]);
        return { header: String(p), cells, className: uncertain.includes(p) ? 'similarity-uncertain' : undefined };
      }),
    });
    if (drawing.chart) drawChart();
    if (drawing.table) drawTable();

    function drawChart() {
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
        table: () => buildTable(withUncertain),
        fileKey: `token${view.token}-d${view.dModel}`,
      });
    }

    function drawTable() {
      const table = buildTable(digitsCell);
      table.classList.add('similarity-table');
      const uncertainNote = uncertain.length
        ? ` ${t('sameToken.similarity.uncertain', { count: uncertain.length, list: uncertain.join(', ') })}`
        : '';
      digits.textContent = t(withDocument ? 'sameToken.similarity.digitsDocument' : 'sameToken.similarity.digits') + uncertainNote;
      digits.dataset.uncertain = uncertain.join(',');
      showTable(tableBox, table, caption);
    }
  }
  return { element, width: figure.width, draw, relabel() {} };
}
