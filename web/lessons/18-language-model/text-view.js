// The text the models read: the lab's own lesson texts (built in, so the lesson works offline), the documents'
// story (downloaded on request) or the student's own (pasted or from a file). Below the box, how the text is
// split: the first 90 % to train on, the last 10 % to measure on, their sizes, and a glimpse of each on request.
import { t, language } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { formatCount } from '../../src/format.js';
import { fileButton } from '../../src/ui/file-button.js';
import { el, titledPanel, disclosure } from '../../src/ui/dom.js';
import { prepareCorpus } from '../../src/training/language.js';

/** How much of each part the glimpse shows. */
const GLIMPSE = 160;

/** onText(text | null): a usable text (or none) for the next Train; onSource(name): 'lab' or 'story' asked for. */
export function textView({ onText, onSource }) {
  const { element, title } = titledPanel('lm-text', 'lm-text-title');
  const buttons = el('div', 'lm-sources');
  const source = (name) => {
    const b = el('button');
    b.type = 'button';
    b.dataset.action = name;
    b.addEventListener('click', () => onSource(name));
    return b;
  };
  const lab = source('lab');
  const story = source('story');
  const file = fileButton({ accept: '.txt,.md,text/*', onFile: async (chosen) => take(new TextDecoder().decode(await chosen.arrayBuffer()), 'own') });
  file.input.dataset.action = 'file';
  buttons.append(lab, story, file.element);
  const label = el('label', 'lm-label');
  const box = el('textarea');
  box.id = 'lm-text-box';
  box.rows = 4;
  box.spellcheck = false;
  box.setAttribute('aria-describedby', 'lm-text-status lm-text-error');
  label.htmlFor = box.id;
  box.addEventListener('input', () => take(box.value, 'own', { typed: true }));
  const status = el('p', 'lm-text-status');
  status.id = 'lm-text-status';
  status.setAttribute('aria-live', 'polite');
  const error = el('p', 'field-error');
  error.id = 'lm-text-error';
  error.setAttribute('aria-live', 'polite');
  // How the text is split, behind a disclosure whose summary already gives the two sizes: the glimpses are
  // for a student who wants to see where the cut falls.
  const split = el('div', 'lm-split');
  const { element: splitBox, summary: splitSummary, body } = disclosure('lm-split-box');
  body.append(split);
  element.append(title, buttons, label, box, status, error, splitBox);

  let state = { kind: 'loading', corpus: null, origin: null, error: null };

  /** A new text: split it, or say why it cannot be used. */
  function take(text, origin, { typed = false } = {}) {
    if (!typed) box.value = text;
    try {
      const corpus = prepareCorpus(text);
      state = { kind: 'ready', corpus, origin, error: null };
      onText(text);
    } catch (err) {
      state = { kind: 'refused', corpus: null, origin, error: err };
      onText(null);
    }
    relabel();
  }

  function part(name, text) {
    const box = el('div', `lm-part lm-part-${name}`);
    const glimpse = Array.from(text).slice(0, GLIMPSE).join('');
    box.append(
      el('h3', 'panel-subtitle', t(`lm.text.${name}`, { count: formatCount(Array.from(text).length, language()) })),
      el('p', 'lm-glimpse', `${glimpse}…`),
    );
    return box;
  }

  function relabel() {
    title.textContent = t('lm.text.title');
    lab.textContent = t('lm.text.lab');
    story.textContent = t('lm.text.story');
    file.label(t('lm.text.file'));
    label.textContent = t('lm.text.label');
    const lang = language();
    const { corpus } = state;
    status.textContent = state.kind === 'loading' ? t('lm.text.loading')
      : corpus ? t(`lm.text.status.${state.origin}`, { characters: formatCount(corpus.trainingIds.length + corpus.validationIds.length, lang), distinct: formatCount(corpus.vocabulary.characters.length, lang) })
        : '';
    error.textContent = state.error ? describeError(state.error) : '';
    split.replaceChildren(...(corpus ? [part('training', corpus.training), part('validation', corpus.validation)] : []));
    splitBox.hidden = !corpus;
    if (corpus) splitSummary.textContent = t('lm.text.split', { training: formatCount(Array.from(corpus.training).length, lang), validation: formatCount(Array.from(corpus.validation).length, lang) });
  }
  relabel();

  return {
    element,
    relabel,
    take,
    /** A source that could not be had (the story's download failed): said under the box; the text stays. */
    refuse(err) {
      state = { ...state, error: err };
      relabel();
    },
    loading() {
      state = { kind: 'loading', corpus: null, origin: null, error: null };
      relabel();
    },
  };
}
