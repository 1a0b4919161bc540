// The model writes: a prompt, the decoding settings (sampling with a temperature, the top k characters and a
// seed, or greedy) and a button; each trained run continues the prompt in its worker, one character at a time
// through its key/value cache, and its text is shown beside the others with the characters past the training
// length L set off. A learned table that runs out of rows says so, as a result. No maths here.
import { t, language } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { formatCount } from '../../src/format.js';
import { fieldMakers, stripFold, shownValue } from '../../src/ui/control-panel.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { runLabel } from '../../src/training/setup-view.js';
import { params } from './params.js';

/** onValue(name, value): a decoding field changed; onWrite(prompt): the button. */
export function writeView({ onValue, onWrite }) {
  const { element, title } = titledPanel('lm-write', 'lm-write-title');
  const make = fieldMakers({ params, prefix: 'lm.fields', onValue, optionKey: (name, option) => `lm.options.${name}.${option}` });
  const fields = { decoding: make.select('decoding'), temperature: make.text('temperature'), topK: make.text('topK'), count: make.text('count'), drawSeed: make.text('drawSeed') };
  const grid = el('div', 'field-grid');
  grid.id = 'lm-write-fields';
  grid.append(...Object.values(fields).map((f) => f.element));
  const label = el('label', 'lm-label');
  const prompt = el('textarea');
  prompt.id = 'lm-prompt';
  prompt.rows = 2;
  prompt.spellcheck = false;
  label.htmlFor = prompt.id;
  const button = el('button', 'train-primary');
  button.type = 'button';
  button.dataset.action = 'write';
  button.addEventListener('click', () => onWrite(prompt.value));
  const status = el('p', 'lm-write-status');
  status.setAttribute('role', 'status');
  // What the models wrote is a widget of its own, under this panel: the fields and the button are the panel's
  // strip, which stays in view over it (the lesson's `drives`, lesson-view.js) while the prompt scrolls away; on
  // a phone the strip folds to one line of the current values.
  const strip = el('div', 'panel-strip');
  strip.dataset.strip = '';
  const fold = stripFold({ grid, strip, fields, summary: () => Object.values(fields).map((f) => shownValue(f.input)).join(' · ') });
  strip.append(grid, fold.element, button);
  element.append(title, label, prompt, strip);
  const output = titledPanel('lm-output', 'lm-output-title');
  const columns = el('div', 'lm-columns');
  output.element.append(status, columns);
  let last = null;
  let statusKey = 'lm.write.untrained';

  function column(run, methods, L) {
    const box = el('section', 'lm-column');
    box.dataset.run = run.id;
    box.dataset.method = run.method;
    const heading = el('h3', 'panel-subtitle', runLabel(run.id, methods));
    const text = el('p', 'lm-written');
    const lang = language();
    if (run.error) {
      box.append(heading, el('p', 'field-error', describeError(run.error)));
      return box;
    }
    // The prompt, the characters written up to position L − 1, and those past it (the model never read that far in training).
    const promptLength = Array.from(run.prompt).length;
    const written = Array.from(run.text);
    const within = Math.max(0, Math.min(written.length, L - promptLength));
    const past = el('mark', 'lm-past', written.slice(within).join(''));
    text.append(el('span', 'lm-prompt-echo', run.prompt), written.slice(0, within).join(''), past);
    past.hidden = within === written.length;
    box.append(heading, text);
    const note = run.noRow === null
      ? t('lm.write.count', { count: formatCount(written.length, lang) })
      : t(run.method === 'learned' ? 'lm.write.noRow' : 'lm.write.limit', { position: formatCount(run.noRow, lang), count: formatCount(written.length, lang) });
    const noteElement = el('p', 'lm-column-note', note);
    if (run.noRow !== null) noteElement.dataset.noRow = String(run.noRow);
    box.append(noteElement);
    return box;
  }

  function draw(result = last) {
    last = result;
    title.textContent = t('lm.write.title');
    output.title.textContent = t('lm.write.output');
    label.textContent = t('lm.write.prompt');
    button.textContent = t('lm.write.button');
    if (!prompt.value) prompt.value = t('lm.write.example');
    status.textContent = result ? t('lm.write.done', { L: formatCount(result.trainLength, language()) }) : t(statusKey);
    if (!result) {
      columns.replaceChildren();
      return;
    }
    const methods = Object.fromEntries(result.runs.map((r) => [r.id, r.method]));
    columns.replaceChildren(...result.runs.map((r) => column(r, methods, result.trainLength)));
  }

  draw(null);
  fold.relabel();
  return {
    element,
    /** What the models wrote (its own slot in the text, under the panel). */
    output: output.element,
    fields,
    draw,
    /** Before a result: 'untrained', 'ready' (press the button) or 'writing'. */
    say(key) {
      statusKey = `lm.write.${key}`;
      if (key === 'writing' || key === 'untrained') last = null;
      draw(last);
    },
    relabel: () => {
      for (const f of Object.values(fields)) f.relabel();
      fold.relabel();
      draw(last);
    },
    setBusy(busy) {
      button.disabled = busy;
    },
  };
}
