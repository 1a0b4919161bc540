// ui/notices.js — visible, dismissable messages at the top of the page (e.g. "a value in the link was reset").
// A notice holds a function that writes its text, so it is rewritten when the language changes.
import { t, onLanguageChange } from '../i18n.js';

let region = null;
const shown = new Set();

export function mountNotices(element) {
  region = element;
  onLanguageChange(() => {
    for (const notice of shown) notice.refresh();
  });
}

/** Removes every notice: they speak of the lesson the reader has just left. */
export function clearNotices() {
  shown.clear();
  region.replaceChildren();
}

/** text: () => string in the current language. Returns a function that removes the notice. */
export function showNotice(text, { kind = 'warning' } = {}) {
  const box = document.createElement('div');
  box.className = `notice notice-${kind}`;
  const message = document.createElement('p');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'notice-close';
  box.append(message, close);

  const notice = {
    refresh() {
      message.textContent = text();
      close.textContent = t('notices.dismiss');
    },
  };
  const remove = () => {
    shown.delete(notice);
    box.remove();
  };
  close.addEventListener('click', remove);
  notice.refresh();
  shown.add(notice);
  region.append(box);
  return remove;
}
