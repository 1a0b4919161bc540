// Lesson "From text to tokens" (document 004, first half): a text becomes GPT-2 token ids, and the ids
// become the windows of a next-token training batch. No maths here: the ids come from the C++ tokenizer
// (kernel.gpt2Tokenizer) and the windows from kernel.loaderBatch; this file wires the boxes to them.
//
// The parameters, the redraws and the link are web/src/lesson-view.js's; the GPT-2 vocabulary, fetched once
// when the lesson opens, is one of its sources (it arrives after the first frame). The text itself is not a
// parameter (it can be a whole book): a new text asks for a frame (redraw).
import './lesson.css';
import { language, t } from '../../src/i18n.js';
import { formatCount, formatNumber } from '../../src/format.js';
import { describeError } from '../../src/kernel.js';
import { lessonView, recent } from '../../src/lesson-view.js';
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
  const lesson = lessonView({ initial, save, params });
  const { propose, changed } = lesson;
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  let text = '';
  let origin = null;                  // 'sample' | 'story' | 'own': where the box's text came from
  let allowSpecial = false;
  // The ids of the last text (the tokenizer is loaded once, so text and allowSpecial decide them).
  const encode = recent(1, (tokenizer, value, special) => tokenizer.encode(value, { allowSpecial: special }));
  let invalidBytes = false;           // the last file had bytes that are not UTF-8
  let textVersion = 0;                // a new text, or the same text read another way (allowSpecial)
  let failureShown = false;           // the vocabulary's failure is said once

  const textBox = textPanel({ onText, onSource: useSource, onAllowSpecial });
  const tokens = tokensView();
  const batch = batchView({ onValue: propose });
  const fit = fitView({ onValue: propose });
  // Which text the box starts from is in the link, but no field holds it: the text panel's buttons set it.
  const sourceField = { set() {}, showError() {} };
  const fields = { ...batch.fields, ...fit.fields, source: sourceField };
  const vocabulary = lesson.source(() => kernel.gpt2Tokenizer());

  const newText = () => {
    textVersion++;
    lesson.redraw();
  };

  function onAllowSpecial(value) {
    allowSpecial = value;
    newText();
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
    newText();
  }

  async function useSource(source) {
    invalidBytes = false;
    if (source === 'sample') {
      origin = 'sample';
      text = t('textToTokens.sample');
      textBox.setText(text);
      propose('source', source);
      newText();
      return;
    }
    textBox.setBusy(true);
    textBox.showStatus('textToTokens.status.downloading');
    try {
      text = await downloadStory();
      origin = 'story';
      textBox.setText(text);
      propose('source', source);
    } catch (err) {
      showNotice(() => describeError(err), { kind: 'error' });
    } finally {
      textBox.setBusy(false);
      newText();
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

  function compute(next) {
    const loaded = vocabulary.latest('gpt2');
    if (!loaded || loaded.error) return { vocabulary: loaded };
    let ids;
    try {
      ids = encode(loaded.value, text, allowSpecial);
    } catch (err) {
      return { vocabulary: loaded, textError: err };
    }
    // A window size the kernel refuses: its field says why and so does the batch panel, in place of a batch.
    let batchResult;
    try {
      batchResult = { batch: kernel.loaderBatch({ ids, maxLength: next.maxLength, stride: next.stride, batchSize: next.batchSize }) };
    } catch (err) {
      batchResult = { error: err };
    }
    return { vocabulary: loaded, ids, batch: batchResult };
  }

  function draw(result, view) {
    const { vocabulary: loaded } = result;
    if (!loaded || loaded.error) {
      if (loaded && !failureShown) {
        failureShown = true;
        console.warn('poslab: GPT-2 vocabulary', loaded.error);
        showNotice(() => t('textToTokens.status.vocabularyFailed'), { kind: 'error' });
      }
      textBox.showStatus(loaded ? 'textToTokens.status.vocabularyFailed' : 'textToTokens.status.loading');
      return;
    }
    const tokenizer = loaded.value;
    if (result.textError) {
      if (changed('text', `error|${textVersion}`)) {
        textBox.showError(result.textError);
        textBox.showStatus('textToTokens.status.noTokens');
        tokens.clear();
        fit.clear();
        batch.showMessage(() => t('textToTokens.batch.noText'));
      }
      return;
    }
    const { ids } = result;
    if (changed('text', `${textVersion}`)) {
      textBox.showError(null);
      const chars = [...text].length;
      textBox.showStatus(invalidBytes ? 'textToTokens.status.countsInvalid' : 'textToTokens.status.counts', {
        chars: formatCount(chars, language()),
        bytes: formatCount(new TextEncoder().encode(text).length, language()),
        tokens: formatCount(ids.length, language()),
        ratio: ids.length ? formatNumber(chars / ids.length, language(), { decimals: 2 }) : '—',
      });
      // The batch sliders move many times a second; the tokens only change with the text.
      tokens.draw({ ids, tokenizer, text });
    }
    if (changed('fit', `${textVersion}|${view.fitLen}`)) fit.draw({ text, ids, tokenizer, fitLen: view.fitLen, allowSpecial });
    const windows = ['maxLength', 'stride', 'batchSize'];
    if (changed('batch', `${textVersion}|${windows.map((name) => view[name])}`)) {
      if (result.batch.error) {
        const name = fieldFor[result.batch.error.argument];
        if (name) fields[name].showError(result.batch.error);
        batch.showMessage(() => describeError(result.batch.error));
      } else {
        for (const name of windows) fields[name].showError(null);
        batch.draw(result.batch.batch);
      }
    }
  }

  const handle = lesson.mount({
    panels: [batch, fit],
    fields,
    compute,
    draw,
    relabel: () => {
      // The sample text is written in each language: switching language switches it too.
      if (origin === 'sample') {
        text = t('textToTokens.sample');
        textBox.setText(text);
        textVersion++;
      }
      textBox.relabel();
      tokens.relabel();
      selfCheck.relabel();
    },
    // Each panel's fields change only its own figure: the words that fit in max_len, the batch's tables.
    drives: { fit: ['fit'], batch: ['batch'] },
    widgets: { text: textBox.element, tokens: tokens.element, fit: fit.element, batch: batch.element, quiz: selfCheck.element },
    observe: textBox.element,
  });

  return {
    ...handle,
    start() {
      if (lesson.view.source === 'story') offerStory();
      else useSource('sample');
      handle.start();
    },
    /** Values from a new link (or Back/Forward): the window sizes as they are, the text's source as chosen. */
    setParams(values) {
      const { source, ...windows } = values;
      lesson.apply(windows);
      if (source === 'story' && lesson.view.source !== 'story') offerStory();
      else if (source !== lesson.view.source) useSource(source);
    },
  };
}
