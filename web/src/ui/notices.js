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

/** Removes every notice that speaks of the lesson the reader has just left (sticky ones stay). */
export function clearNotices() {
  for (const notice of [...shown]) if (!notice.sticky) notice.remove();
}

/**
 * text: () => string in the current language. action: {label: () => string, run} adds a button that does
 * something (e.g. "Reload"); sticky: the notice stays when the reader moves to another lesson. Returns a
 * function that removes the notice.
 */
export function showNotice(text, { kind = 'warning', action = null, sticky = false } = {}) {
  const box = document.createElement('div');
  box.className = `notice notice-${kind}`;
  const message = document.createElement('p');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'notice-close';
  const act = action ? document.createElement('button') : null;
  if (act) {
    act.type = 'button';
    act.className = 'notice-action';
    act.addEventListener('click', action.run);
  }
  box.append(message, ...(act ? [act] : []), close);

  const notice = {
    sticky,
    refresh() {
      message.textContent = text();
      close.textContent = t('notices.dismiss');
      if (act) act.textContent = action.label();
    },
    remove() {
      shown.delete(notice);
      box.remove();
    },
  };
  const remove = () => notice.remove();
  close.addEventListener('click', remove);
  notice.refresh();
  shown.add(notice);
  region.append(box);
  return remove;
}
