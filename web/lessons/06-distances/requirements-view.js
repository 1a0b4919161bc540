// E002-2: the four requirements of a positional code, checked one by one. Every column is measured live by the
// kernel for the current d_model and positions: sinusoidal, learned (a seeded, untrained nn.Embedding table,
// with its own seed field) and RoPE (one vector rotated at every position).
import { language, t } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { textField } from '../../src/ui/fields.js';
import { params } from './params.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatCount, formatValueInText } from '../../src/format.js';

const REQUIREMENTS = ['unique', 'deterministic', 'generalises', 'relative'];

export function requirementsView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel requirements';
  const seed = textField({ name: 'seed', decl: params.seed, labelKey: 'distances.fields.seed.label', hintKey: 'distances.fields.seed.hint', onValue: (v) => onValue('seed', v), width: 22 });
  const host = document.createElement('div');
  element.append(seed.element, host);

  /**
   * live: {maxLen, dModel, sinusoidal, rope, learned (each the kernel's requirement checks: closest,
   * deterministic, extends, grid, spread; learned also seed, nextSeed, redraw, missing), rotation: {pos, k, error}}.
   */
  function draw(live) {
    const mark = (ok) => (ok ? '✓' : '✗');
    // These are sentences, even inside the table: numbers as the reader's language writes them.
    const inText = (x) => formatValueInText(x, language());
    const { sinusoidal: s, rope: r, learned: l } = live;
    const extendsText = (ok) => `${mark(ok)} ${t(`distances.requirements.live.generalises.${ok}`, { maxLen: live.maxLen, twice: formatCount(2 * live.maxLen, language()) })}`;
    const deterministicText = (ok) => `${mark(ok)} ${t(`distances.requirements.live.deterministic.${ok}`)}`;
    const sinusoidal = {
      unique: `${mark(s.closest.distance > 0)} ${t('distances.requirements.live.unique', { a: s.closest.posA, b: s.closest.posB, distance: inText(s.closest.distance), maxLen: live.maxLen })}`,
      deterministic: deterministicText(s.deterministic),
      generalises: extendsText(s.extends),
      relative: `${mark(live.rotation.error < 1e-5)} ${t('distances.requirements.live.relative', { pos: live.rotation.pos, k: live.rotation.k, error: inText(live.rotation.error) })}`,
    };
    // q·k of vectors of dModel ones is about dModel in size; float rounding leaves ~1e-7 of it per diagonal.
    const constant = r.spread < 1e-5 * live.dModel;
    const rope = {
      unique: `${mark(r.closest.distance > 0)} ${t('distances.requirements.ropeLive.unique', { a: r.closest.posA, b: r.closest.posB, distance: inText(r.closest.distance), maxLen: live.maxLen })}`,
      deterministic: deterministicText(r.deterministic),
      generalises: extendsText(r.extends),
      relative: `${mark(constant)} ${t('distances.requirements.ropeLive.relative', { spread: inText(r.spread), n: r.grid })}`,
    };
    // cosines of random rows: along a diagonal (fixed offset) they scatter over a good part of [−1, 1]
    const learned = {
      unique: `${mark(l.closest.distance > 0)} ${t('distances.requirements.learnedLive.unique', { a: l.closest.posA, b: l.closest.posB, distance: inText(l.closest.distance), maxLen: live.maxLen })}`,
      deterministic: `${mark(l.redraw === 0)} ${t('distances.requirements.learnedLive.deterministic', { seed: l.seed, other: l.nextSeed, same: t(`distances.requirements.learnedLive.same.${l.deterministic}`), distance: inText(l.redraw) })}`,
      generalises: `${mark(!l.missing)} ${t('distances.requirements.learnedLive.generalises', { maxLen: live.maxLen, dModel: live.dModel, last: live.maxLen - 1, error: l.missing ? describeError(l.missing) : '—' })}`,
      relative: `${mark(l.spread < 1e-5)} ${t('distances.requirements.learnedLive.relative', { spread: inText(l.spread), n: l.grid })}`,
    };
    const caption = t('distances.requirements.caption', { dModel: live.dModel, seed: l.seed });
    const table = dataTable({
      caption,
      corner: t('distances.requirements.requirement'),
      columns: [t('distances.requirements.sinusoidal'), t('distances.requirements.learned'), t('distances.requirements.rope')],
      rows: REQUIREMENTS.map((name) => ({
        header: t(`distances.requirements.names.${name}`),
        cells: [sinusoidal[name], learned[name], rope[name]],
      })),
    });
    table.classList.add('requirements-table');
    // On a phone the table is read as cards, one per requirement: each cell says which encoding it is about.
    for (const row of table.tBodies[0].rows) {
      [...row.cells].slice(1).forEach((cell, i) => { cell.dataset.label = table.tHead.rows[0].cells[i + 1].textContent; });
    }
    host.replaceChildren(scrollBox(table, caption));
  }
  return { element, fields: { seed }, draw, relabel: seed.relabel };
}
