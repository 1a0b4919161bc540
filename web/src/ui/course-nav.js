// ui/course-nav.js — the way through the course: the lesson list (beside the lesson on wide screens, behind a
// "Lessons" button in the sticky header on narrow ones, so it is reachable from anywhere), each lesson's
// place in the course with links to the previous and next ones, and the move to a new lesson's title.
import { t } from '../i18n.js';

const $ = (id) => document.getElementById(id);

/** Fills the lesson list and wires the narrow-screen menu; returns { mark(lessonId) }. */
export function courseNav(lessons) {
  const list = $('lesson-list');
  const nav = $('lessons-nav');
  const button = $('menu-button');
  list.replaceChildren(
    ...lessons.map((lesson) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `#/${lesson.id}`;
      link.dataset.lesson = lesson.id;
      item.append(link);
      return item;
    }),
  );

  const setOpen = (open) => {
    button.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('open', open);
    // The list hangs below the header, whose height depends on how its items wrap.
    if (open) nav.style.top = `${Math.round(document.querySelector('.site-header').getBoundingClientRect().bottom)}px`;
  };
  button.addEventListener('click', () => {
    const open = button.getAttribute('aria-expanded') !== 'true';
    setOpen(open);
    if (open) (list.querySelector('[aria-current="page"]') || list.querySelector('a')).focus();
  });
  nav.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && nav.classList.contains('open')) {
      setOpen(false);
      button.focus();
    }
  });
  list.addEventListener('click', (event) => {
    if (event.target.closest('a')) setOpen(false);
  });

  let currentId = null;
  function mark(lessonId = currentId) {
    currentId = lessonId;
    const index = lessons.findIndex((lesson) => lesson.id === lessonId);
    for (const link of list.querySelectorAll('a')) {
      link.textContent = t(`lessons.${link.dataset.lesson}.title`);
      if (link.dataset.lesson === lessonId) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    // "Lessons · 3 of 15"; on a phone the word is read but not shown (layout.css), so the header keeps one line.
    const word = document.createElement('span');
    word.className = 'menu-word';
    word.textContent = `${t('nav.menuWord')} · `;
    button.replaceChildren(word, t('nav.menuPlace', { n: index + 1, total: lessons.length }));
  }
  return { mark };
}

/** "Lesson n of N", with links to the previous and next lessons, for the end of a lesson. */
export function coursePager(lessons, lessonId) {
  const index = lessons.findIndex((lesson) => lesson.id === lessonId);
  const pager = document.createElement('nav');
  pager.className = 'lesson-pager';
  pager.setAttribute('aria-label', t('nav.pager'));
  const place = document.createElement('p');
  place.className = 'pager-place';
  place.textContent = t('nav.place', { n: index + 1, total: lessons.length });
  pager.append(place);
  for (const [key, other] of [['previous', lessons[index - 1]], ['next', lessons[index + 1]]]) {
    if (!other) continue;
    const link = document.createElement('a');
    link.href = `#/${other.id}`;
    link.className = `pager-${key}`;
    link.rel = key === 'previous' ? 'prev' : 'next';
    link.textContent = t(`nav.${key}`, { title: t(`lessons.${other.id}.title`) });
    pager.append(link);
  }
  return pager;
}

/**
 * "Start over": one button forgets what this lesson kept (its values, its self-check answers) and shows its
 * defaults; the other forgets everything the lab kept in this browser, after asking.
 */
export function startOver({ onLesson, onLab }) {
  const box = document.createElement('div');
  box.className = 'start-over';
  const lessonButton = document.createElement('button');
  lessonButton.type = 'button';
  lessonButton.className = 'start-over-lesson';
  lessonButton.textContent = t('nav.startLesson');
  lessonButton.addEventListener('click', onLesson);
  const labButton = document.createElement('button');
  labButton.type = 'button';
  labButton.className = 'start-over-lab';
  labButton.textContent = t('nav.startLab');
  labButton.addEventListener('click', () => {
    if (window.confirm(t('nav.confirmLab'))) onLab();
  });
  box.append(lessonButton, labButton);
  return box;
}

/** After moving to another lesson: its title at the top of the screen, and the keyboard's focus on it. */
export function focusTitle(article) {
  const title = article.querySelector('h1');
  if (!title) return;
  title.tabIndex = -1;
  title.focus({ preventScroll: true });
  title.scrollIntoView({ block: 'start' });
}
