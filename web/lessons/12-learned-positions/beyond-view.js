// Past context_length: the learned table has no row there, the sinusoidal formula does.
import { t, language } from '../../src/i18n.js';
import { formatNumbers } from '../../src/format.js';
import { titledPanel, el } from '../../src/ui/dom.js';
import { lessonFields } from './controls.js';

// The first numbers of a row: enough to compare two positions in a sentence.
const SHOWN = 4;
const rowStart = (matrix, row) =>
  formatNumbers(matrix.data.subarray(row * matrix.cols, row * matrix.cols + Math.min(SHOWN, matrix.cols)), language(), { significant: 5 });

export function beyondView({ onValue }) {
  const { element, title } = titledPanel('lp-beyond', 'lp-beyond-title');
  const fields = { position: lessonFields(onValue).slider('position') };
  const learned = el('p', 'lp-learned');
  learned.setAttribute('aria-live', 'polite');
  const sinusoid = el('p', 'lp-sinusoid');
  sinusoid.setAttribute('aria-live', 'polite');
  element.append(fields.position.element, learned, sinusoid);

  /** positions: the learned table (contextLength rows); encoding: the paper's table, rows 0 … position. */
  function draw({ positions, encoding }, { position: pos, contextLength }) {
    learned.textContent = pos < contextLength
      ? t('learnedPositions.beyond.learnedRow', { pos, row: rowStart(positions, pos) })
      : t('learnedPositions.beyond.learnedMissing', { pos, contextLength, max: contextLength - 1 });
    sinusoid.textContent = t('learnedPositions.beyond.sinusoidRow', { pos, row: rowStart(encoding, pos) });
  }

  const relabel = () => {
    title.textContent = t('learnedPositions.beyond.title');
    fields.position.relabel();
  };
  relabel();
  return { element, fields, relabel, draw };
}
