// E002-4: document 002's PositionalEncoding(d_model, max_len=5000, dropout=0.1) as an nn.Module. What its
// state holds (a buffer, no parameter), its buffer sampled (5000 rows are never put in the page) with the float32
// values the module holds, one seeded forward pass with the values dropout removed, and the batch-first and
// sequence-first layouts side by side.
import { t, language } from '../../src/i18n.js';
import { formatValue, formatValueInText, formatNumber, formatPercent } from '../../src/format.js';
import { dataTable, scrollBox, showTable } from '../../src/charts/table.js';
import { selectField, sliderField, textField } from '../../src/ui/fields.js';
import { disclosure, el, titledPanel } from '../../src/ui/dom.js';
import { stepper } from '../../src/ui/stepper.js';
import { params } from './params.js';
import { largestGap, layoutRow, sampledRows } from './buffer.js';

const COLS = 6; // columns shown of every table

export function moduleView({ onValue }) {
  const { element, title } = titledPanel('module', 'module-title');
  const key = (name) => `positionalModule.fields.${name}`;
  const make = (name, kind = textField, extra = {}) =>
    kind({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, onValue: (v) => onValue(name, v), ...extra });
  const fields = {
    modSeed: make('modSeed', textField, { width: 12 }),
    modBatch: make('modBatch', sliderField),
    modSeq: make('modSeq', sliderField),
    modD: make('modD', sliderField),
    modMaxLen: make('modMaxLen'),
    // Option ids hold a dot (0.1), which a catalogue key cannot: p0_1.
    modP: make('modP', selectField, { optionKey: (o) => `positionalModule.options.modP.p${o.replace('.', '_')}` }),
    modMode: make('modMode', selectField, { optionKey: (o) => `positionalModule.options.modMode.${o}` }),
  };
  // Above the tables they change (a column of tables taller than a screen), side by side even on a phone.
  const grid = el('div', 'field-grid figure-fields');
  grid.append(...Object.values(fields).map((f) => f.element));
  const state = el('pre', 'module-state');
  state.tabIndex = 0;
  // The sampled rows wait behind a disclosure; the note under it says what they show and where they differ most.
  const buffer = disclosure('module-buffer');
  const bufferNote = el('p', 'module-buffer-note');
  const summary = el('p', 'module-summary');
  summary.setAttribute('aria-live', 'polite');
  // The forward pass one table at a time (ui/stepper.js): the batch, the buffer's rows added, dropout's output.
  const FORWARD = ['x', 'encoded', 'output'];
  const steps = FORWARD.map(() => el('div', 'module-step'));
  const forward = stepper({
    panels: steps,
    tabKey: (i) => `positionalModule.module.tabs.${FORWARD[i]}`,
    onSelect: (i) => onValue('modStep', i + 1),
  });
  forward.element.classList.add('module-forward');
  fields.modStep = forward.field;
  const layouts = el('div', 'module-layouts');
  element.append(grid, state, buffer.element, bufferNote, summary, forward.element, layouts);

  /**
   * pass: kernel.positionalModule's result; pe: the buffer's rows the panel reads, {maxLen, rows, d, f32, exact}
   * (the module's float32 values and the formula's exact ones, one row of d per entry of rows); view: the lesson's
   * values. due(part, element) says whether a table ('x', 'encoded', 'output', 'layouts') is to be drawn: while a
   * control moves, the steps not shown wait for the pause (lesson-view.js); the sentences are drawn every time.
   * The buffer's table is made only while its disclosure is open.
   */
  function draw({ pass, pe, view }, due) {
    const d = view.modD;
    const cols = Math.min(COLS, d);
    const columns = Array.from({ length: cols }, (_, j) => String(j));
    // The comment goes on a line of its own, under the weight it speaks of, so the block fits a desktop column.
    const embeddingLine = `nn.Embedding(${view.modMaxLen}, ${d}).state_dict()            →  {'weight': torch.Size([${view.modMaxLen}, ${d}])}`;
    state.textContent = [
      `module = PositionalEncoding(${d}, max_len=${view.modMaxLen}, dropout=${view.modP})`,
      `{k: v.shape for k, v in module.state_dict().items()}  →  {'pe': torch.Size([1, ${view.modMaxLen}, ${d}])}`,
      `list(module.parameters())                          →  []`,
      embeddingLine,
      `${' '.repeat(embeddingLine.indexOf('{'))}# ${t('positionalModule.module.learnedNote')}`,
    ].join('\n');
    const rows = sampledRows(pe.maxLen);
    const at = (r, j) => pe.f32[pe.rows.indexOf(r) * d + j];
    const bufferCaption = t('positionalModule.module.bufferCaption', { shown: rows.length, maxLen: pe.maxLen, d, cols });
    buffer.summary.textContent = t('positionalModule.module.bufferShow', { shown: rows.length });
    // Made only while the disclosure is open (ui/dom.js).
    buffer.build(() => {
      const bufferTable = dataTable({
        caption: bufferCaption,
        corner: 'pos',
        columns,
        rows: rows.map((r) => ({ header: String(r), cells: columns.map((_, j) => formatValue(at(r, j))) })),
      });
      bufferTable.classList.add('module-buffer-table');
      return scrollBox(bufferTable, bufferCaption);
    });
    // Why these are not the exact values other lessons print: the cell where the two differ most, as printed.
    const gap = largestGap(pe, rows, cols);
    const gapVars = { row: gap.row, col: gap.col, f32: formatValueInText(gap.f32, language()), exact: formatValueInText(gap.exact, language()) };
    bufferNote.textContent = [
      t('positionalModule.module.bufferFloat32'),
      t(gapVars.f32 === gapVars.exact ? 'positionalModule.module.bufferAgrees' : 'positionalModule.module.bufferGap', gapVars),
    ].join(' ');

    const total = pass.kept.length;
    const dropped = total - pass.kept.reduce((n, k) => n + k, 0);
    const train = view.modMode === 'train';
    summary.textContent = train
      ? t('positionalModule.module.trainSummary', {
          dropped,
          total,
          // A sentence: the reader's decimal mark (the tables keep PyTorch's point); the scale is float32's, as the
          // module computes it.
          share: formatPercent(((100 * dropped) / total).toFixed(1), language()),
          p: formatNumber(Number(view.modP), language()),
          scale: formatNumber(Math.fround(1 / (1 - Number(view.modP))), language(), { significant: 8 }),
        })
      : t('positionalModule.module.evalSummary', { total });
    summary.dataset.dropped = String(dropped);
    const seq = view.modSeq;
    const table = (host, matrix, name, marks) => {
      if (!due(name, host)) return;
      const caption = t(`positionalModule.module.${name}`, { seq, cols });
      const tableElement = dataTable({
        caption,
        corner: 'pos',
        columns,
        rows: Array.from({ length: seq }, (_, s) => ({
          header: String(s),
          cells: columns.map((_, j) => {
            const i = s * d + j;
            return marks && !pass.kept[i] ? el('span', 'module-dropped', `${formatValue(matrix.data[i])} ✕`) : formatValue(matrix.data[i]);
          }),
        })),
      });
      tableElement.classList.add(`module-${name}`);
      showTable(host, tableElement, caption);
    };
    table(steps[0], pass.x, 'x', false);
    table(steps[1], pass.encoded, 'encoded', false);
    table(steps[2], pass.output, 'output', train);

    const pos = layoutRow(pe.maxLen);
    const j = Math.min(1, d - 1);
    const value = formatValue(at(pos, j));
    const layoutCaption = t('positionalModule.module.layoutCaption');
    if (due('layouts', layouts)) showTable(layouts, dataTable({
      caption: layoutCaption,
      corner: '',
      columns: [t('positionalModule.module.batchFirst'), t('positionalModule.module.seqFirst')],
      rows: [
        { header: t('positionalModule.module.peShape'), cells: [`[1, ${view.modMaxLen}, ${d}]`, `[${view.modMaxLen}, 1, ${d}]`] },
        { header: t('positionalModule.module.xShape'), cells: [`[${view.modBatch}, ${seq}, ${d}]`, `[${seq}, ${view.modBatch}, ${d}]`] },
        { header: t('positionalModule.module.forward'), cells: ['x + self.pe[:, :x.size(1)]', 'x + self.pe[:x.size(0), :]'] },
        { header: t('positionalModule.module.element', { pos, j }), cells: [`pe[0, ${pos}, ${j}] = ${value}`, `pe[${pos}, 0, ${j}] = ${value}`] },
      ],
    }), layoutCaption);
  }
  // A new language redraws every view (lesson-view.js).
  const relabel = () => {
    title.textContent = t('positionalModule.module.title');
    Object.values(fields).forEach((f) => f.relabel());
  };
  relabel();
  return { element, fields, draw, relabel };
}
