// The course notes' four requirements of a positional code, checked one by one. Every column is measured live by the
// kernel for the current d_model and positions: sinusoidal, learned (a seeded, untrained nn.Embedding table,
// with its own seed field) and RoPE (one vector rotated at every position).
import { language, t } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { textField } from '../../src/ui/fields.js';
import { params } from './params.js';
import { dataTable, scrollBox, showTable } from '../../src/charts/table.js';
import { disclosure, setText } from '../../src/ui/dom.js';
import { formatCount, formatValueInText } from '../../src/format.js';

const REQUIREMENTS = ['unique', 'deterministic', 'generalises', 'relative'];

export function requirementsView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel requirements';
  const seed = textField({ name: 'seed', decl: params.seed, labelKey: 'distances.fields.seed.label', hintKey: 'distances.fields.seed.hint', onValue: (v) => onValue('seed', v), width: 22 });
  const host = document.createElement('div');
  const numbers = disclosure('chart-table requirements-numbers');
  element.append(host, seed.element, numbers.element);

  /**
   * live: {maxLen, dModel, sinusoidal, rope, learned (each the kernel's requirement checks: closest,
   * deterministic, extends, grid, spread; learned also seed, nextSeed, redraw, missing), rotation: {pos, k, error}}.
   */
  function draw(live) {
    // These are sentences, even inside the table: numbers as the reader's language writes them.
    const inText = (x) => formatValueInText(x, language());
    const { sinusoidal: s, rope: r, learned: l } = live;
    const check = (ok, text) => ({ ok, text });
    const extendsCheck = (ok) => check(ok, t(`distances.requirements.live.generalises.${ok}`, { maxLen: live.maxLen, twice: formatCount(2 * live.maxLen, language()) }));
    const deterministicCheck = (ok) => check(ok, t(`distances.requirements.live.deterministic.${ok}`));
    const sinusoidal = {
      unique: check(s.closest.distance > 0, t('distances.requirements.live.unique', { a: s.closest.posA, b: s.closest.posB, distance: inText(s.closest.distance), maxLen: live.maxLen })),
      deterministic: deterministicCheck(s.deterministic),
      generalises: extendsCheck(s.extends),
      relative: check(live.rotation.error < 1e-5, t('distances.requirements.live.relative', { pos: live.rotation.pos, k: live.rotation.k, error: inText(live.rotation.error) })),
    };
    // q·k of vectors of dModel ones is about dModel in size; float rounding leaves ~1e-7 of it per diagonal.
    const rope = {
      unique: check(r.closest.distance > 0, t('distances.requirements.ropeLive.unique', { a: r.closest.posA, b: r.closest.posB, distance: inText(r.closest.distance), maxLen: live.maxLen })),
      deterministic: deterministicCheck(r.deterministic),
      generalises: extendsCheck(r.extends),
      relative: check(r.spread < 1e-5 * live.dModel, t('distances.requirements.ropeLive.relative', { spread: inText(r.spread), n: r.grid })),
    };
    // cosines of random rows: along a diagonal (fixed offset) they scatter over a good part of [−1, 1]
    const learned = {
      unique: check(l.closest.distance > 0, t('distances.requirements.learnedLive.unique', { a: l.closest.posA, b: l.closest.posB, distance: inText(l.closest.distance), maxLen: live.maxLen })),
      deterministic: check(l.redraw === 0, t('distances.requirements.learnedLive.deterministic', { seed: l.seed, other: l.nextSeed, same: t(`distances.requirements.learnedLive.same.${l.deterministic}`), distance: inText(l.redraw) })),
      generalises: check(!l.missing, t('distances.requirements.learnedLive.generalises', { maxLen: live.maxLen, dModel: live.dModel, last: live.maxLen - 1, error: l.missing ? describeError(l.missing) : '—' })),
      relative: check(l.spread < 1e-5, t('distances.requirements.learnedLive.relative', { spread: inText(l.spread), n: l.grid })),
    };
    const columns = [sinusoidal, learned, rope];
    const headers = [t('distances.requirements.sinusoidal'), t('distances.requirements.learned'), t('distances.requirements.rope')];
    const mark = (ok) => (ok ? '✓' : '✗');
    /** The four requirements by the three encodings; `cell` writes one check. */
    const grid = (caption, cell) => dataTable({
      caption,
      corner: t('distances.requirements.requirement'),
      columns: headers,
      rows: REQUIREMENTS.map((name) => ({ header: t(`distances.requirements.names.${name}`), cells: columns.map((c) => cell(c[name])) })),
    });
    // The figure: which encoding meets which requirement, at a glance; what each check measured waits behind
    // "show the numbers".
    const marksCaption = t('distances.requirements.marksCaption', { dModel: live.dModel, maxLen: live.maxLen });
    const marks = grid(marksCaption, (c) => `${mark(c.ok)} ${t(`distances.requirements.verdict.${c.ok}`)}`);
    marks.classList.add('requirements-marks');
    showTable(host, marks, marksCaption);
    setText(numbers.summary, t('distances.requirements.showChecks'));
    numbers.build(() => {
      const caption = t('distances.requirements.caption', { dModel: live.dModel, seed: l.seed });
      const table = grid(caption, (c) => `${mark(c.ok)} ${c.text}`);
      table.classList.add('requirements-table');
      // On a phone the table is read as cards, one per requirement: each cell says which encoding it is about.
      for (const row of table.tBodies[0].rows) {
        [...row.cells].slice(1).forEach((cell, i) => { cell.dataset.label = table.tHead.rows[0].cells[i + 1].textContent; });
      }
      return scrollBox(table, caption);
    });
  }
  return { element, fields: { seed }, draw, relabel: seed.relabel };
}
