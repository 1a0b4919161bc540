// E000-5: the same token repeated along a sentence; the cosine similarity of position 0 with every position,
// drawn live and listed as the document printed it (×1000), next to the document's own figures.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { xyChart } from '../../src/charts/xy.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';

// What document 000 printed in cell In [63] (its own random table, d_model = 512, five positions).
const DOCUMENT = ['1000.0001192092896', '999.988317489624', '999.9597668647766', '999.9275207519531', '999.9014735221863'];

// The document multiplies by 1000 to make the small differences readable; here only the printing does.
const times1000 = (x) => (x * 1000).toFixed(4);

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
    const vars = {
      token: view.token,
      count: cosine.length,
      dModel: view.dModel,
      first: times1000(cosine[0]),
      last: times1000(cosine[last]),
      lastIndex: times1000(similarity.index[last]),
      lastPos: last,
    };
    summary.textContent = [
      t('sameToken.similarity.summary', vars),
      view.scale === 'on' ? t('sameToken.similarity.scaled', vars) : t('sameToken.similarity.unscaled', vars),
      t('sameToken.similarity.index', vars),
    ].join(' ');
    figure.update({
      title: t('sameToken.similarity.title', vars),
      drawing: xyChart({
        width,
        series: [{ name: t('sameToken.similarity.series'), x: positions, y: Array.from(cosine), connect: true }],
        labels: {
          x: t('sameToken.similarity.x'),
          y: t('sameToken.similarity.y'),
          aria: t('sameToken.similarity.aria', vars),
          description: t('sameToken.similarity.description'),
        },
        xTicks: positions.length <= 16 ? positions : undefined,
        yTickFormat: (v) => times1000(v).replace(/0+$/, '').replace(/\.$/, ''),
      }),
      noteText: t('sameToken.similarity.note'),
      table: null,
    });
    const caption = t('sameToken.similarity.caption', vars);
    const table = dataTable({
      caption,
      corner: t('sameToken.similarity.corner'),
      columns: [t('sameToken.similarity.cosine'), t('sameToken.similarity.cosine1000'), t('sameToken.similarity.document'), t('sameToken.similarity.indexColumn')],
      rows: positions.map((p) => ({
        header: String(p),
        cells: [cosine[p].toPrecision(8), times1000(cosine[p]), DOCUMENT[p] ?? '—', times1000(similarity.index[p])],
      })),
    });
    table.classList.add('similarity-table');
    tableHost.replaceChildren(scrollBox(table, caption));
  }
  return { element, width: figure.width, draw, relabel() {} };
}
