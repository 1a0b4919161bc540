// E002-2: the four requirements of a positional code, checked one by one. The sinusoidal column is measured
// live by the kernel for the current d_model and positions; the learned and RoPE columns explain why.
import { t } from '../../src/i18n.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatValue } from '../../src/format.js';

const REQUIREMENTS = ['unique', 'deterministic', 'generalises', 'relative'];

export function requirementsView() {
  const element = document.createElement('section');
  element.className = 'panel requirements';
  const host = document.createElement('div');
  element.append(host);

  /** live: {closest: {posA, posB, distance}, identical, prefix, rotation: {pos, k, error}, maxLen, dModel}. */
  function draw(live) {
    const mark = (ok) => (ok ? '✓' : '✗');
    const sinusoidal = {
      unique: `${mark(live.closest.distance > 0)} ${t('distances.requirements.live.unique', { a: live.closest.posA, b: live.closest.posB, distance: formatValue(live.closest.distance), maxLen: live.maxLen })}`,
      deterministic: `${mark(live.identical)} ${t(`distances.requirements.live.deterministic.${live.identical}`)}`,
      generalises: `${mark(live.prefix)} ${t(`distances.requirements.live.generalises.${live.prefix}`, { maxLen: live.maxLen, twice: 2 * live.maxLen })}`,
      relative: `${mark(live.rotation.error < 1e-5)} ${t('distances.requirements.live.relative', { pos: live.rotation.pos, k: live.rotation.k, error: formatValue(live.rotation.error) })}`,
    };
    const caption = t('distances.requirements.caption', { dModel: live.dModel });
    const table = dataTable({
      caption,
      corner: t('distances.requirements.requirement'),
      columns: [t('distances.requirements.sinusoidal'), t('distances.requirements.learned'), t('distances.requirements.rope')],
      rows: REQUIREMENTS.map((r) => ({
        header: t(`distances.requirements.names.${r}`),
        cells: [sinusoidal[r], t(`distances.requirements.learnedCells.${r}`), t(`distances.requirements.ropeCells.${r}`)],
      })),
    });
    table.classList.add('requirements-table');
    host.replaceChildren(scrollBox(table, caption));
  }
  return { element, draw };
}
