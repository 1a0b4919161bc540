// E002-3: PE(pos + k) = M(k)·PE(pos). For the chosen pos and k: PE(pos), M(k)·PE(pos) and PE(pos + k) side by
// side for a few pairs (the text compares the last two), the largest difference over every column, and the
// 2 × 2 blocks of M(k) behind "Show the numbers" (nothing in the text reads their digits).
import { t, language } from '../../src/i18n.js';
import { textField } from '../../src/ui/fields.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatNumber, formatValue } from '../../src/format.js';
import { disclosure } from '../../src/ui/dom.js';
import { params } from './params.js';
import { endIndices } from './ends.js';

export function rotationView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel controls rotation';
  const make = (name) => textField({ name, decl: params[name], labelKey: `formulaSteps.fields.${name}.label`, hintKey: `formulaSteps.fields.${name}.hint`, onValue: (v) => onValue(name, v) });
  const fields = { pos: make('pos'), k: make('k') };
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.append(fields.pos.element, fields.k.element);
  const verdict = document.createElement('p');
  verdict.className = 'rotation-verdict';
  verdict.setAttribute('aria-live', 'polite');
  const tableHost = document.createElement('div');
  tableHost.className = 'rotation-compare';
  const blocks = disclosure('rotation-blocks');
  element.append(grid, verdict, tableHost, blocks.element);

  function draw({ pos, k, dModel, check }) {
    const pair = (v, i) => `[${formatValue(v[2 * i])}, ${formatValue(v[2 * i + 1])}]`;
    const m = check.rotation.data;
    const block = (i) => {
      const a = 2 * i;
      const at = (r, c) => formatValue(m[r * dModel + c]);
      // On two lines, the way PyTorch prints a 2 × 2 tensor, so the table fits beside the vectors.
      return `[[${at(a, a)}, ${at(a, a + 1)}],\n [${at(a + 1, a)}, ${at(a + 1, a + 1)}]]`;
    };
    const vars = { pos, k, shifted: pos + k, dModel, error: formatNumber(check.maxError, language(), { significant: 2 }) };
    verdict.textContent = t('formulaSteps.rotation.verdict', vars);
    const caption = t('formulaSteps.rotation.caption', vars);
    const pairs = endIndices(dModel / 2);
    const header = (i) => (i === null ? '…' : t('formulaSteps.rotation.pair', { i, a: 2 * i, b: 2 * i + 1 }));
    const rows = pairs.map((i) => ({
      header: header(i),
      cells: i === null ? ['…', '…', '…'] : [pair(check.pePos, i), pair(check.rotated, i), pair(check.peShifted, i)],
    }));
    const table = (caption, columns, rows) =>
      scrollBox(dataTable({ caption, corner: t('formulaSteps.rotation.pairs'), columns, rows }), caption);
    tableHost.replaceChildren(
      table(caption, [t('formulaSteps.rotation.pePos', vars), t('formulaSteps.rotation.rotated', vars), t('formulaSteps.rotation.peShifted', vars)], rows),
    );
    blocks.summary.textContent = t('formulaSteps.rotation.blocksSummary', vars);
    blocks.body.replaceChildren(
      table(t('formulaSteps.rotation.blocksCaption', vars), [t('formulaSteps.rotation.block', vars)], pairs.map((i) => ({ header: header(i), cells: [i === null ? '…' : block(i)] }))),
    );
  }
  const relabel = () => Object.values(fields).forEach((f) => f.relabel());
  return { element, fields, draw, relabel };
}
