// Lesson "From text to tokens" (document 004, first half): a text becomes GPT-2 token ids, and the ids
// become the windows of a next-token training batch. No maths here: the ids come from the C++ tokenizer
// (kernel.gpt2Tokenizer) and the windows from kernel.loaderBatch; this file wires the boxes to them.
import './lesson.css';
import { language, onLanguageChange, t } from '../../src/i18n.js';
import { formatCount, formatNumber } from '../../src/format.js';
import { describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { recent } from '../../src/lesson-view.js';
import { showNotice } from '../../src/ui/notices.js';
import { params } from './params.js';
import { textPanel } from './text-panel.js';
import { tokensView } from './tokens-view.js';
import { batchView } from './batch-view.js';
import { downloadStory } from './story.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';
import { fitView } from './fit-view.js';

export { params };

// The tokenizer's limit on one text, in bytes (the module's too_large, docs/api.md).
const MAX_TEXT_BYTES = 2 ** 25;

// The kernel names its arguments as the document does; these are the fields that answer for them.
const fieldFor = { max_length: 'maxLength', stride: 'stride', batch_size: 'batchSize', max_len: 'fitLen' };
const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

export function mount({ kernel, initial, save }) {
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  let view = { ...initial };          // the last values the kernel accepted: what the link stores
  const draft = { ...initial };       // what the fields hold
  let tokenizer = null;
  let vocabularyFailed = false;
  let text = '';
  let origin = null;                  // 'sample' | 'story' | 'own': where the box's text came from
  let allowSpecial = false;
  // The ids of the last text (the tokenizer is loaded once, so text and allowSpecial decide them).
  const encode = recent(1, (value, special) => tokenizer.encode(value, { allowSpecial: special }));
  let drawnIds = null;                // the ids the tokens panel shows
  let invalidBytes = false;           // the last file had bytes that are not UTF-8

  const textBox = textPanel({ onText, onSource: useSource, onAllowSpecial });
  const tokens = tokensView();
  const batch = batchView({ onValue: propose });
  const fit = fitView({ onValue: propose });
  const fields = { ...batch.fields, ...fit.fields };

  function onAllowSpecial(value) {
    allowSpecial = value;
    scheduleRender();
  }

  function onText(value, { fromFile } = {}) {
    if (typeof value !== 'string' && value.length > MAX_TEXT_BYTES) {
      // A file past the tokenizer's limit is refused before it reaches the box: a text box holding tens of
      // megabytes takes the browser minutes to lay out, and the text could not be tokenized anyway. The text
      // already in the box stays, with its tokens.
      textBox.showError({ code: 'too_large', argument: 'text', value: value.length, max: MAX_TEXT_BYTES });
      return;
    }
    invalidBytes = false;
    if (typeof value !== 'string') {
      // A file: the browser's reading of its bytes (WHATWG UTF-8, U+FFFD for what is not UTF-8) is what
      // tiktoken would be given by JavaScript, and the C++ tokenizer reads bytes the same way.
      try {
        strict.decode(value);
      } catch {
        invalidBytes = true;
      }
      text = lenient.decode(value);
      textBox.setText(text);
    } else {
      text = value;
    }
    origin = 'own';
    scheduleRender();
  }

  async function useSource(source) {
    invalidBytes = false;
    if (source === 'sample') {
      origin = 'sample';
      text = t('textToTokens.sample');
      textBox.setText(text);
      remember({ source });
      scheduleRender();
      return;
    }
    textBox.setBusy(true);
    textBox.showStatus('textToTokens.status.downloading');
    try {
      text = await downloadStory();
      origin = 'story';
      textBox.setText(text);
      remember({ source });
    } catch (err) {
      showNotice(() => describeError(err), { kind: 'error' });
    } finally {
      textBox.setBusy(false);
      scheduleRender();
    }
  }

  /**
   * A link may ask for the story, but a download from another host starts only when the reader asks for it:
   * the sample is shown, and a notice points at the story button.
   */
  function offerStory() {
    useSource('sample');
    showNotice(() => t('textToTokens.askStory'), { kind: 'warning' });
  }

  function remember(values) {
    Object.assign(view, values);
    Object.assign(draft, values);
    save(view);
  }

  function render() {
    if (!tokenizer) {
      textBox.showStatus(vocabularyFailed ? 'textToTokens.status.vocabularyFailed' : 'textToTokens.status.loading');
      return;
    }
    let ids;
    try {
      ids = encode(text, allowSpecial);
      textBox.showError(null);
    } catch (err) {
      textBox.showError(err);
      textBox.showStatus('textToTokens.status.noTokens');
      tokens.clear();
      fit.clear();
      drawnIds = null;
      batch.showMessage(() => t('textToTokens.batch.noText'));
      return;
    }
    const chars = [...text].length;
    textBox.showStatus(invalidBytes ? 'textToTokens.status.countsInvalid' : 'textToTokens.status.counts', {
      chars: formatCount(chars, language()),
      bytes: formatCount(new TextEncoder().encode(text).length, language()),
      tokens: formatCount(ids.length, language()),
      ratio: ids.length ? formatNumber(chars / ids.length, language(), { decimals: 2 }) : '—',
    });
    // The batch sliders move many times a second; the tokens only change with the text.
    if (ids !== drawnIds) tokens.draw({ ids, tokenizer, text });
    drawnIds = ids;

    const next = { ...view, ...draft };
    fit.draw({ text, ids, tokenizer, fitLen: next.fitLen, allowSpecial });
    try {
      const result = kernel.loaderBatch({ ids, maxLength: next.maxLength, stride: next.stride, batchSize: next.batchSize });
      for (const field of Object.values(fields)) field.showError(null);
      view = next;
      save(view);
      batch.draw(result);
    } catch (err) {
      const name = fieldFor[err.argument];
      if (name) fields[name].showError(err);
      batch.showMessage(() => describeError(err));
    }
  }
  const scheduleRender = perFrame(render);

  function propose(name, value) {
    draft[name] = value;
    scheduleRender();
  }

  /** Values from a new link (or Back/Forward). */
  function setParams(values) {
    for (const name of Object.keys(fieldFor).map((k) => fieldFor[k])) {
      draft[name] = values[name];
      fields[name].set(values[name]);
      fields[name].showError(null);
    }
    if (values.source === 'story' && view.source !== 'story') offerStory();
    else if (values.source !== view.source) useSource(values.source);
    else scheduleRender();
  }

  for (const [name, field] of Object.entries(fields)) field.set(view[name]);

  const offLanguage = onLanguageChange(() => {
    // The sample text is written in each language: switching language switches it too.
    if (origin === 'sample') {
      text = t('textToTokens.sample');
      textBox.setText(text);
    }
    textBox.relabel();
    tokens.relabel();
    batch.relabel();
    fit.relabel();
    selfCheck.relabel();
    scheduleRender();
  });

  return {
    widgets: { text: textBox.element, tokens: tokens.element, fit: fit.element, batch: batch.element, quiz: selfCheck.element },
    start() {
      if (view.source === 'story') offerStory();
      else useSource('sample');
      // The vocabulary (0.5 MB) is fetched now, when this lesson is opened, and only once per page.
      kernel.gpt2Tokenizer().then(
        (loaded) => {
          tokenizer = loaded;
          scheduleRender();
        },
        (err) => {
          vocabularyFailed = true;
          console.warn('poslab: GPT-2 vocabulary', err);
          showNotice(() => t('textToTokens.status.vocabularyFailed'), { kind: 'error' });
          scheduleRender();
        },
      );
    },
    setParams,
    destroy() {
      offLanguage();
    },
  };
}
