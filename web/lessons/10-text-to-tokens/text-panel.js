// The text box and its sources: the lab's sample text, the document's story (downloaded), or a file from
// the reader's computer (bytes that are not valid UTF-8 are read as U+FFFD, as the browser reads them).
// Below it, the counts: characters, bytes and tokens.
import { fileButton } from '../../src/ui/file-button.js';
import { t } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';

let counter = 0;

export function textPanel({ onText, onSource, onAllowSpecial }) {
  const id = `tt-text-${++counter}`;
  const element = document.createElement('section');
  element.className = 'panel tt-text';
  element.setAttribute('aria-labelledby', `${id}-title`);

  const title = document.createElement('h2');
  title.id = `${id}-title`;
  title.className = 'panel-title';

  const buttons = document.createElement('div');
  buttons.className = 'tt-sources';
  const sampleButton = document.createElement('button');
  sampleButton.type = 'button';
  sampleButton.dataset.action = 'sample';
  sampleButton.addEventListener('click', () => onSource('sample'));
  const storyButton = document.createElement('button');
  storyButton.type = 'button';
  storyButton.dataset.action = 'story';
  storyButton.addEventListener('click', () => onSource('story'));
  const file = fileButton({
    accept: '.txt,.md,.csv,.json,text/*',
    onFile: async (chosen) => onText(new Uint8Array(await chosen.arrayBuffer()), { fromFile: chosen.name }),
  });
  file.input.dataset.action = 'file';
  buttons.append(sampleButton, storyButton, file.element);

  const label = document.createElement('label');
  label.htmlFor = id;
  label.className = 'tt-label';
  const box = document.createElement('textarea');
  box.id = id;
  box.rows = 7;
  box.spellcheck = false;
  box.setAttribute('aria-describedby', `${id}-status ${id}-error`);
  box.addEventListener('input', () => onText(box.value, {}));

  const special = document.createElement('label');
  special.className = 'tt-special';
  const specialBox = document.createElement('input');
  specialBox.type = 'checkbox';
  specialBox.dataset.field = 'allowSpecial';
  specialBox.addEventListener('change', () => onAllowSpecial(specialBox.checked));
  const specialText = document.createElement('span');
  special.append(specialBox, ' ', specialText);

  const status = document.createElement('p');
  status.id = `${id}-status`;
  status.className = 'tt-status';
  status.setAttribute('aria-live', 'polite');
  const error = document.createElement('p');
  error.id = `${id}-error`;
  error.className = 'field-error';
  error.setAttribute('aria-live', 'polite');

  element.append(title, buttons, label, box, special, status, error);

  let statusState = { key: 'textToTokens.status.loading', vars: {} };
  let currentError = null;
  const relabel = () => {
    title.textContent = t('textToTokens.text.title');
    sampleButton.textContent = t('textToTokens.text.sample');
    storyButton.textContent = t('textToTokens.text.story');
    file.label(t('textToTokens.text.file'));
    label.textContent = t('textToTokens.text.label');
    specialText.textContent = t('textToTokens.text.allowSpecial');
    status.textContent = t(statusState.key, statusState.vars);
    error.textContent = currentError ? describeError(currentError) : '';
  };
  relabel();

  return {
    element,
    relabel,
    /** Puts text in the box (a source button, a file, the link) without firing onText. */
    setText(text) {
      box.value = text;
    },
    text: () => box.value,
    setBusy(busy) {
      storyButton.disabled = busy;
      element.toggleAttribute('aria-busy', busy);
    },
    showStatus(key, vars = {}) {
      statusState = { key, vars };
      status.textContent = t(key, vars);
    },
    showError(err) {
      currentError = err;
      error.textContent = err ? describeError(err) : '';
      box.setAttribute('aria-invalid', err ? 'true' : 'false');
    },
  };
}
