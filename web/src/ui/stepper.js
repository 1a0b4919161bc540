// ui/stepper.js — a figure told in steps, one step on the screen at a time: a row of numbered tabs over the
// step's panel, and "previous / next" under it. Five tables stacked one under another are a wall a student
// scrolls past; one at a time, each step is read with the line of code that made it, and the tabs still show
// the whole path. The tabs follow the WAI-ARIA Authoring Practices' tabs pattern (role tablist / tab / tabpanel,
// arrow keys, Home and End move between the tabs and show their step; Tab goes on into the step). A hidden
// step stays in the page, drawn, for whoever reads the page's text (its tables are still its numbers).
import { t } from '../i18n.js';
import './stepper.css';

let counter = 0;

/**
 * panels: the steps' elements, in order; tabKey(i): the i18n key of step i's short title (the tab shows its number). selected: the step
 * shown first (0-based); onSelect(i): the reader chose step i (the lesson keeps it, so a reload shows it again).
 * → { element, select(i), relabel(), field }: field is the step shown as a lesson parameter counted from 1 (a link's
 * step=2), shaped like the panel's fields (set, showError, relabel) so the lesson sets it from a link like them.
 */
export function stepper({ panels, tabKey, selected = 0, onSelect = () => {} }) {
  const id = `stepper-${++counter}`;
  const element = document.createElement('div');
  element.className = 'stepper';
  const list = document.createElement('div');
  list.className = 'stepper-tabs';
  list.setAttribute('role', 'tablist');
  const tabs = panels.map((panel, i) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.id = `${id}-tab-${i}`;
    tab.setAttribute('role', 'tab');
    panel.id ||= `${id}-panel-${i}`;
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    tab.addEventListener('click', () => choose(i));
    return tab;
  });
  list.append(...tabs);
  list.addEventListener('keydown', (event) => {
    const now = tabs.indexOf(document.activeElement);
    if (now < 0) return;
    const to = { ArrowRight: now + 1, ArrowLeft: now - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose((to + tabs.length) % tabs.length);
    tabs[current].focus();
  });

  const moves = document.createElement('div');
  moves.className = 'stepper-moves';
  const move = (delta) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.addEventListener('click', () => choose(current + delta));
    return button;
  };
  const previous = move(-1);
  const next = move(1);
  moves.append(previous, next);
  element.append(list, ...panels, moves);

  let current = -1;
  function select(i) {
    current = Math.min(Math.max(i, 0), panels.length - 1);
    tabs.forEach((tab, k) => {
      tab.setAttribute('aria-selected', String(k === current));
      tab.tabIndex = k === current ? 0 : -1; // the tab list is one stop for the Tab key
    });
    panels.forEach((panel, k) => (panel.hidden = k !== current));
    previous.hidden = current === 0;
    next.hidden = current === panels.length - 1;
    relabel();
  }
  function choose(i) {
    select(i);
    onSelect(current);
  }
  // "3 · The angles": on a phone the tab shows its number only, its title kept for screen readers (base.css).
  const named = (k) => `${k + 1} · ${t(tabKey(k))}`;
  function relabel() {
    tabs.forEach((tab, k) => {
      const title = document.createElement('span');
      title.className = 'stepper-title';
      title.textContent = ` · ${t(tabKey(k))}`;
      tab.replaceChildren(String(k + 1), title);
    });
    if (current > 0) previous.textContent = t('stepper.previous', { step: named(current - 1) });
    if (current < panels.length - 1) next.textContent = t('stepper.next', { step: named(current + 1) });
  }
  select(selected);
  // A step is always one of the tabs: there is no error to show.
  const field = { set: (n) => select(n - 1), showError: () => {}, relabel };
  return { element, select, relabel, field };
}
