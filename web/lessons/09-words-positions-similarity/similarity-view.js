// The three similarities: two words at two positions, the formula, the word, position and word + position
// cosines, and the vectors behind them.
import { t, language } from '../../src/i18n.js';
import { selectField } from '../../src/ui/fields.js';
import { dataTable, showTable } from '../../src/charts/table.js';
import { formatNumber, formatValue } from '../../src/format.js';
import { disclosure, el } from '../../src/ui/dom.js';
import { stripFold, shownValue } from '../../src/ui/control-panel.js';
import { params } from './params.js';
import { key, panel, button, text, number7 } from './parts.js';

/** Two words at two positions, the formula, and the three similarities of document 001. */
export function similarityView({ onValue }) {
  const { element, title } = panel('similarity');
  const fields = {
    word1: text('word1', onValue, { inputMode: 'text', width: 12 }),
    pos1: text('pos1', onValue, { hint: true }),
    word2: text('word2', onValue, { inputMode: 'text', width: 12 }),
    pos2: text('pos2', onValue, { hint: true }),
    variant: selectField({
      name: 'variant', decl: params.variant, labelKey: `${key('variant')}.label`, hintKey: `${key('variant')}.hint`,
      optionKey: (option) => `w2v.variants.${option}`, onValue: (v) => onValue('variant', v),
    }),
  };
  const grid = el('div', 'field-grid compare-fields');
  grid.id = 'w2v-similarity-fields';
  grid.append(...Object.values(fields).map((f) => f.element));
  // When the chosen positions are not where the two words stand in the text's first sentence (the Spanish
  // story's «negra» is at 3, not at black's 2): say so, and offer the sentence's own positions in one click.
  const places = el('div', 'w2v-places');
  const placesText = el('p');
  const usePlaces = button('use-places', () => {
    const target = usePlaces.target;
    if (!target) return;
    fields.pos1.set(target.pos1);
    fields.pos2.set(target.pos2);
    onValue('pos1', target.pos1);
    onValue('pos2', target.pos2);
  });
  places.append(placesText, usePlaces);
  places.hidden = true;
  const results = el('div', 'w2v-results');
  results.setAttribute('aria-live', 'polite');
  // The vectors behind the three numbers: the numbers themselves, behind their disclosure (kept open or closed
  // across redraws, as the reader left it).
  const { element: vectorsBox, summary: vectorsSummary, body: vectorsHost } = disclosure('chart-table w2v-vectors');
  const note = el('p', 'w2v-note');
  // The two words, two positions and the formula change this panel's numbers and the figures down to the
  // neighbours (the lesson's `drives`): they are the panel's strip, at its foot, which stays in view under the
  // header over them (lesson-view.js) and folds to one line of values on a phone.
  const strip = el('div', 'panel-strip');
  strip.dataset.strip = '';
  const fold = stripFold({ grid, strip, fields, summary: () => Object.values(fields).map((f) => shownValue(f.input)).join(' · ') });
  strip.append(grid, fold.element);
  element.append(title, strip);
  // The three numbers are a widget of their own (numbers), under the panel in the text.
  const numbers = panel('similarities');
  numbers.element.append(places, results, note, vectorsBox);

  let last = null;
  const relabel = () => {
    title.textContent = t('w2v.similarity.fieldsTitle');
    numbers.title.textContent = t('w2v.similarity.title');
    for (const f of Object.values(fields)) f.relabel();
    fold.relabel();
    draw(last);
  };
  function draw(data) {
    last = data;
    if (!data) {
      results.replaceChildren(el('p', 'chart-empty', t('w2v.similarity.empty')));
      vectorsBox.hidden = true;
      vectorsHost.replaceChildren();
      note.textContent = '';
      places.hidden = true;
      return;
    }
    const { words, view, sims, other, d } = data;
    // Where each word stands in the first sentence (counted from 1), when it is there and the chosen position
    // is none of its places: the captions then say both countings.
    const at = (data.places || [[], []]).map((list) => list[0] ?? null);
    const elsewhere = (k, pos) => at[k] !== null && !data.places[k].includes(pos);
    const mismatch = at[0] !== null && at[1] !== null && (elsewhere(0, view.pos1) || elsewhere(1, view.pos2));
    const documentPositions = view.pos1 === 2 && view.pos2 === 10;
    const placeVars = { word1: words[0], pos1: view.pos1, word2: words[1], pos2: view.pos2, at1: at[0], at2: at[1] };
    places.hidden = !mismatch;
    places.dataset.mismatch = mismatch ? 'true' : 'false';
    usePlaces.target = mismatch ? { pos1: at[0], pos2: at[1] } : null;
    if (mismatch) {
      placesText.textContent = t(documentPositions ? 'w2v.similarity.placesDocument' : 'w2v.similarity.placesChosen', placeVars);
      usePlaces.textContent = t('w2v.similarity.usePlaces', placeVars);
    }
    const row = (name, value, what) => ({ header: t(`w2v.similarity.${name}`), cells: [el('output', `w2v-number w2v-${name}`, number7(value)), what] });
    const table = dataTable({
      caption: t(mismatch ? (documentPositions ? 'w2v.similarity.captionDocument' : 'w2v.similarity.captionChosen') : 'w2v.similarity.caption', placeVars),
      corner: t('w2v.similarity.kind'),
      columns: [t('w2v.similarity.value'), t('w2v.similarity.compared')],
      rows: [
        row('word', sims.word, `cos(${words[0]}, ${words[1]})`),
        row('position', sims.position, `cos(PE(${view.pos1}), PE(${view.pos2}))`),
        row('combined', sims.combined, `cos(${words[0]}·√${d} + PE(${view.pos1}), ${words[1]}·√${d} + PE(${view.pos2}))`),
      ],
    });
    table.classList.add('w2v-similarities');
    showTable(results, table, table.caption.textContent);
    // E001-4: pc(word1) itself, its first and last values, next to the word vector and PE.
    const { encoded } = data;
    if (encoded) {
      const ends = (v) => [...Array.from(v.slice(0, 4), formatValue), '…', ...Array.from(v.slice(-4), formatValue)];
      const caption = elsewhere(0, view.pos1)
        ? t(documentPositions ? 'w2v.similarity.vectorCaptionDocument' : 'w2v.similarity.vectorCaptionElsewhere', { word: words[0], pos: view.pos1, d, at: at[0] })
        : t('w2v.similarity.vectorCaption', { word: words[0], pos: view.pos1, d });
      const vectors = dataTable({
        caption,
        corner: '',
        columns: ['0', '1', '2', '3', '…', String(d - 4), String(d - 3), String(d - 2), String(d - 1)],
        rows: [
          { header: `y = ${words[0]}`, cells: ends(encoded.y) },
          { header: `PE(${view.pos1})`, cells: ends(encoded.pe) },
          { header: `pc(${words[0]}) = y·√${d} + PE(${view.pos1})`, cells: ends(encoded.pc) },
        ],
      });
      vectors.classList.add('w2v-vector');
      vectorsSummary.textContent = t('w2v.similarity.vectorsSummary', { word: words[0] });
      showTable(vectorsHost, vectors, caption);
      vectorsBox.hidden = false;
    }
    const variants = { [view.variant]: sims.position, [view.variant === 'literal' ? 'paper' : 'literal']: other.position };
    const replaced = data.replaced
      ? `${t('w2v.similarity.replaced', { suggested: data.replaced.suggested.join(', '), missing: data.replaced.missing.join(', '), minCount: view.minCount, word1: words[0], word2: words[1] })} `
      : '';
    note.textContent = replaced + t('w2v.similarity.note', {
      d, pos1: view.pos1, pos2: view.pos2,
      literal: formatNumber(variants.literal, language(), { significant: 7 }), paper: formatNumber(variants.paper, language(), { significant: 7 }),
    }) + (d === 512 && view.pos1 === 2 && view.pos2 === 10 ? ` ${t('w2v.similarity.documentNote')}` : '');
    note.dataset.replaced = data.replaced ? 'true' : 'false';
  }
  relabel();
  return { element, numbers: numbers.element, fields, relabel, draw };
}
