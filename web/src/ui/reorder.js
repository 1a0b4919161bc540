// ui/reorder.js — a row of items the student puts in order: drag one onto another with the mouse, or use
// the buttons on each item (keyboard and touch). Reports the new order as a list of the items' ids.
import { t } from '../i18n.js';
import './reorder.css';

/**
 * labelKey: i18n key of the group's visible label; earlierKey / laterKey: i18n keys of the buttons'
 * accessible names, with {item} filled; onChange(ids) gets the ids in their new order.
 */
export function reorderList({ labelKey, earlierKey, laterKey, onChange }) {
  const element = document.createElement('div');
  element.className = 'reorder';
  const label = document.createElement('p');
  label.className = 'reorder-label';
  label.id = `reorder-${Math.random().toString(36).slice(2, 8)}`;
  const list = document.createElement('ol');
  list.className = 'reorder-list';
  list.setAttribute('aria-labelledby', label.id);
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('aria-live', 'polite');
  element.append(label, list, status);

  let items = []; // [{id, text}]
  let dragged = null;

  const move = (from, to, focusButton) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = items.slice();
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    items = next;
    draw(focusButton ? { index: to, button: focusButton } : null);
    status.textContent = `${item.text}: ${to + 1}/${items.length}`;
    onChange(items.map((i) => i.id));
  };

  function draw(focus) {
    list.replaceChildren(
      ...items.map((item, index) => {
        const li = document.createElement('li');
        li.className = 'reorder-item';
        li.draggable = true;
        li.dataset.id = String(item.id);
        const text = document.createElement('span');
        text.className = 'reorder-text';
        text.textContent = item.text;
        const earlier = document.createElement('button');
        earlier.type = 'button';
        earlier.className = 'reorder-earlier';
        earlier.textContent = '←';
        earlier.setAttribute('aria-label', t(earlierKey, { item: item.text }));
        earlier.disabled = index === 0;
        earlier.addEventListener('click', () => move(index, index - 1, 'earlier'));
        const later = document.createElement('button');
        later.type = 'button';
        later.className = 'reorder-later';
        later.textContent = '→';
        later.setAttribute('aria-label', t(laterKey, { item: item.text }));
        later.disabled = index === items.length - 1;
        later.addEventListener('click', () => move(index, index + 1, 'later'));
        li.append(earlier, text, later);
        li.addEventListener('dragstart', (event) => {
          dragged = index;
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', item.text);
          li.classList.add('dragging');
        });
        li.addEventListener('dragend', () => li.classList.remove('dragging'));
        li.addEventListener('dragover', (event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
        });
        li.addEventListener('drop', (event) => {
          event.preventDefault();
          if (dragged !== null) move(dragged, index);
          dragged = null;
        });
        return li;
      }),
    );
    if (focus) {
      const li = list.children[focus.index];
      const wanted = li.querySelector(`.reorder-${focus.button}`);
      (wanted && !wanted.disabled ? wanted : li.querySelector('button:not([disabled])'))?.focus();
    }
  }

  return {
    element,
    /** items: [{id, text}] in their current order. */
    set(next) {
      const same = next.length === items.length && next.every((item, i) => item.id === items[i].id && item.text === items[i].text);
      if (same) return; // redrawing would drop the keyboard focus from the button just pressed
      items = next.slice();
      draw(null);
    },
    relabel() {
      label.textContent = t(labelKey);
      draw(null);
    },
  };
}
