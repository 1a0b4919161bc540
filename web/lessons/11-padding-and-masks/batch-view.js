// The batch as PyTorch holds it (token per position, [PAD] where a sentence has ended), the key_padding_mask that
// marks those places, and shapes; and the panel above it that builds the batch (batchControls).
import { t } from '../../src/i18n.js';
import { dataTable, showTable } from '../../src/charts/table.js';
import { fieldMakers } from '../../src/ui/control-panel.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { params, SENTENCES } from './params.js';

/** A [PAD] cell, marked so it reads apart from the words (and not by colour alone: it says PAD). */
export const padCell = () => el('span', 'pad-token', '[PAD]');

/**
 * The three sentences, max_len and the sentence the rows and the attention follow: every figure of the lesson
 * reads them, so the fields are the panel's strip, in view over those figures (lesson.js, drives).
 */
export function batchControls({ onValue }) {
  const { element, title } = titledPanel('controls padding-controls', 'padding-controls-title');
  const make = fieldMakers({ params, prefix: 'padding.fields', onValue, optionKey: (name, option) => `padding.options.${name}.${option}` });
  const fields = {};
  for (const name of SENTENCES) {
    fields[name] = make.text(name, { inputMode: 'text', width: 24, placeholderKey: `padding.examples.${name}` });
  }
  fields.maxLen = make.slider('maxLen');
  fields.shown = make.select('shown');
  const grid = el('div', 'field-grid');
  grid.append(...Object.values(fields).map((f) => f.element));
  const strip = el('div', 'panel-strip');
  strip.dataset.strip = '';
  strip.append(grid);
  element.append(strip);
  const relabel = () => {
    title.textContent = t('padding.controls.title');
    Object.values(fields).forEach((f) => f.relabel());
  };
  relabel();
  return { element, fields, relabel };
}

export function batchView() {
  const { element, title } = titledPanel('padding-batch', 'padding-batch-title');
  const summary = el('p', 'padding-summary');
  summary.setAttribute('aria-live', 'polite');
  const batchHost = el('div', 'padding-batch-table');
  const maskHost = el('div', 'padding-mask-table');
  const shapes = el('pre', 'padding-shapes');
  shapes.tabIndex = 0; // it scrolls sideways on a phone: reachable by keyboard, as the lessons' code blocks are
  element.append(title, summary, batchHost, maskHost, shapes);

  /** batch: [{words, length}] (words as typed or the example; length = real tokens after the cut); maxLen. */
  function draw({ batch, maxLen }) {
    title.textContent = t('padding.batch.title');
    const positions = Array.from({ length: maxLen }, (_, i) => String(i));
    const header = (b) => t('padding.batch.sentence', { n: b + 1 });
    const caption = t('padding.batch.caption', { count: batch.length, maxLen });
    showTable(batchHost, dataTable({
      caption,
      corner: t('padding.batch.corner'),
      columns: positions,
      rows: batch.map(({ words, length }, b) => ({ header: header(b), cells: positions.map((_, i) => (i < length ? words[i] : padCell())) })),
    }), caption);
    const maskCaption = t('padding.batch.maskCaption');
    showTable(maskHost, dataTable({
      caption: maskCaption,
      corner: t('padding.batch.corner'),
      columns: positions,
      rows: batch.map(({ length }, b) => ({ header: header(b), cells: positions.map((_, i) => (i < length ? 'False' : 'True')) })),
    }), maskCaption);
    const notes = batch.map(({ words, length }, b) => {
      if (words.length > maxLen) return t('padding.batch.cut', { n: b + 1, words: words.length, maxLen, lost: words.slice(maxLen).join(' ') });
      if (length < maxLen) return t('padding.batch.padded', { n: b + 1, words: length, pads: maxLen - length });
      return t('padding.batch.full', { n: b + 1 });
    });
    summary.textContent = notes.join(' ');
    shapes.textContent = [
      `ids              torch.Size([${batch.length}, ${maxLen}])`,
      `key_padding_mask torch.Size([${batch.length}, ${maxLen}])`,
      `x = embedding(ids) + pe[:${maxLen}]   torch.Size([${batch.length}, ${maxLen}, 8])`,
    ].join('\n');
  }
  return { element, draw };
}
