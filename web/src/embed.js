// embed.js — the lab inside a course page. `embed=1` in the link shows one lesson alone (no site header,
// lesson list, pager or footer, compact margins); `hide=text,controls` also hides the lesson's prose or its
// fields, so a teacher can show just the figures; `figure=<name>` shows one figure alone (the widget in the
// lesson's <div data-slot="name">) with the control panels that drive it. The flags stay in the link while the
// lesson rewrites it, and "Embed this view" (under each lesson) writes the <iframe> code, the few lines that let
// the course page fit the frame to its content, and the link for the current state.
//
// The frame's height: an embedded page posts {type: 'poslab:height', height} (CSS pixels, its whole content) to
// the page around it whenever its content's height changes; the snippet sets that iframe's height from it.
// An embed keeps what it changes (values, language, text size, answers) in memory, never in this browser's
// storage (state.js keepStorageInPage), so it never changes the lab a student opens directly.
import { t } from './i18n.js';
import { el } from './ui/dom.js';
import { largeText } from './ui/text-size.js';
import { keepStorageInPage } from './state.js';
import { showNotice } from './ui/notices.js';

const PARTS = ['text', 'controls'];
const FIGURE_NAME = /^[a-z][a-zA-Z0-9-]{0,40}$/;
const HEIGHT_MESSAGE = 'poslab:height';
let flags = { embed: false, hide: [], figure: null };

/** Reads the flags from a link's query and shows the page accordingly (data-embed, data-hide on <html>). */
export function readEmbed(query) {
  const embed = query.get('embed') === '1';
  const hide = (query.get('hide') || '').split(',').filter((part) => PARTS.includes(part));
  const figure = query.get('figure');
  flags = { embed, hide: embed ? hide : [], figure: embed && FIGURE_NAME.test(figure ?? '') ? figure : null };
  keepStorageInPage(embed);
  const root = document.documentElement;
  if (flags.embed) root.dataset.embed = '';
  else delete root.dataset.embed;
  if (flags.hide.length) root.dataset.hide = flags.hide.join(' ');
  else delete root.dataset.hide;
  if (flags.figure) root.dataset.figure = flags.figure;
  else delete root.dataset.figure;
  if (flags.embed) reportHeight();
}

/** The flags as they go at the end of the link ('' outside embed mode); large: text for a projector. */
export function embedFlags({ embed = flags.embed, hide = flags.hide, figure = flags.figure, large = largeText() } = {}) {
  if (!embed) return '';
  return `&embed=1${figure ? `&figure=${figure}` : ''}${hide.length ? `&hide=${hide.join(',')}` : ''}${large ? '&text=large' : ''}`;
}

let heightObserver = null;
/** Posts the content's height to the page around the frame now and whenever it changes. */
function reportHeight() {
  if (heightObserver || window.parent === window) return;
  let posted = 0;
  heightObserver = new ResizeObserver(() => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === posted) return;
    posted = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  });
  heightObserver.observe(document.body);
}

/**
 * With figure=<name>, hides everything in the lesson but that figure's slot and the slots of the control
 * panels whose fields say (aria-controls) they drive it; a name the lesson does not have shows the whole
 * lesson and a notice. Called each time the lesson's text is laid out.
 */
export function focusFigure(article, lessonTitle) {
  for (const away of article.querySelectorAll('.embed-away')) away.classList.remove('embed-away');
  if (!flags.figure) return;
  const slot = article.querySelector(`[data-slot="${flags.figure}"]`);
  if (!slot || !slot.querySelector('figure')) {
    showNotice(() => t('embed.unknownFigure', { raw: flags.figure, lesson: lessonTitle() }));
    return;
  }
  const ids = [...slot.querySelectorAll('[id]')].map((node) => node.id).concat(slot.firstElementChild?.id ?? []);
  const panels = [...article.querySelectorAll('[aria-controls]')]
    .filter((control) => control.getAttribute('aria-controls').split(' ').some((id) => ids.includes(id)))
    .map((control) => control.closest('[data-slot]'))
    .filter(Boolean);
  const kept = new Set([slot, ...panels]);
  const path = new Set();
  for (const node of kept) for (let up = node.parentElement; up && up !== article; up = up.parentElement) path.add(up);
  // A figure kept in a closed aside (a digression off the lesson's main path) is what the frame is for: open it.
  for (const node of path) if (node.tagName === 'DETAILS') node.open = true;
  const hideAround = (parent) => {
    for (const child of parent.children) {
      if (kept.has(child)) continue;
      if (path.has(child)) hideAround(child);
      else child.classList.add('embed-away');
    }
  };
  hideAround(article);
}

/** The figures of the lesson on screen, as [slot name, caption's first line], for the embed panel's choice. */
function lessonFigures(article) {
  return [...article.querySelectorAll('[data-slot]')]
    .filter((slot) => slot.querySelector('figure figcaption'))
    .map((slot) => [slot.dataset.slot, slot.querySelector('figure figcaption').textContent.trim().split('\n')[0]]);
}

/** The page's address without its hash, so the code works under any sub-path the lab is hosted at. */
const siteAddress = () => `${location.origin}${location.pathname}`;

/**
 * "Embed this view": a <details> with what to embed (the whole lesson or one of its figures), two options (hide
 * the text, hide the controls), the <iframe> code with the lines that fit the frame to its content, and the
 * plain link for what the page shows now, each in a read-only box with a Copy button.
 */
export function embedPanel({ title, article }) {
  const details = el('details', 'embed-view');
  const summary = el('summary', null, t('embed.summary'));
  const what = el('div', 'embed-what');
  const whatLabel = el('label', null, t('embed.what'));
  const select = document.createElement('select');
  select.id = 'embed-what';
  whatLabel.htmlFor = select.id;
  what.append(whatLabel, select);
  const options = el('fieldset', 'embed-options');
  options.append(el('legend', null, t('embed.options')));
  const boxes = PARTS.map((part) => {
    const label = el('label', 'embed-option');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = part;
    label.append(box, ` ${t(`embed.hide.${part}`)}`);
    options.append(label);
    return box;
  });
  // An embedded figure has no header with the "Large text" switch: the link carries it.
  const largeLabel = el('label', 'embed-option');
  const largeBox = document.createElement('input');
  largeBox.type = 'checkbox';
  largeBox.checked = largeText();
  largeLabel.append(largeBox, ` ${t('embed.largeText')}`);
  options.append(largeLabel);
  const code = output('embed-code', t('embed.code'), 6);
  const link = output('embed-link', t('embed.link'), 1);
  details.append(summary, what, options, code.element, link.element, el('p', 'embed-note', t('embed.note')));

  /** The figures the lesson has now, as the choice's options (kept when the reader had chosen one). */
  function listFigures() {
    const chosen = select.value;
    const whole = new Option(t('embed.wholeLesson'), '');
    const figures = lessonFigures(article).map(([name, caption]) => new Option(caption.length > 90 ? `${caption.slice(0, 89)}…` : caption, name));
    select.replaceChildren(whole, ...figures);
    select.value = figures.some((o) => o.value === chosen) ? chosen : '';
  }

  /** The frame's first height, before the page around it hears the real one: what the choice takes here. */
  function firstHeight(figure) {
    if (!figure) return 720;
    const slot = article.querySelector(`[data-slot="${figure}"]`);
    return Math.ceil((slot?.getBoundingClientRect().height ?? 600) + 120);
  }

  function refresh() {
    const figure = select.value || null;
    const textBox = boxes[PARTS.indexOf('text')];
    // One figure alone has no text around it: the option would say nothing.
    textBox.disabled = Boolean(figure);
    const hide = boxes.filter((b) => b.checked && !b.disabled).map((b) => b.value);
    const view = location.hash.replace(/&(embed|hide|text|figure)=[^&]*/g, '');
    const address = `${siteAddress()}${view}${embedFlags({ embed: true, hide, figure, large: largeBox.checked })}`;
    const escaped = address.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const frame = `<iframe src="${escaped}" title="${title().replace(/"/g, '&quot;')} · poslab" width="100%" height="${firstHeight(figure)}" style="border: 0" loading="lazy" data-poslab></iframe>`;
    code.set(`${frame}\n${heightSnippet()}`);
    link.set(address);
  }
  details.addEventListener('toggle', () => {
    if (!details.open) return;
    listFigures();
    refresh();
  });
  [select, ...boxes, largeBox].forEach((b) => b.addEventListener('change', refresh));
  return details;
}

/**
 * The lines a course page adds once, however many frames it has: each poslab frame takes the height its
 * content posts, and only messages from the lab's own origin count.
 */
function heightSnippet(origin = location.origin) {
  return `<script>
addEventListener('message', (e) => {
  if (e.origin !== '${origin}' || !e.data || e.data.type !== '${HEIGHT_MESSAGE}') return;
  for (const f of document.querySelectorAll('iframe[data-poslab]')) if (f.contentWindow === e.source) f.style.height = e.data.height + 'px';
});
</script>`;
}

/** A labelled read-only text box and a Copy button next to it. */
function output(className, labelText, rows) {
  const element = el('div', `embed-output ${className}`);
  const id = `${className}-box`;
  const label = el('label', null, labelText);
  label.htmlFor = id;
  const box = document.createElement('textarea');
  box.id = id;
  box.readOnly = true;
  box.rows = rows;
  box.spellcheck = false;
  const copy = el('button', 'embed-copy', t('embed.copy'));
  copy.type = 'button';
  copy.setAttribute('aria-label', `${t('embed.copy')}: ${labelText}`);
  const status = el('span', 'embed-copied');
  status.setAttribute('role', 'status');
  copy.addEventListener('click', async () => {
    box.select();
    try {
      await navigator.clipboard.writeText(box.value);
      status.textContent = t('embed.copied');
    } catch {
      status.textContent = t('embed.selected'); // no clipboard (an insecure origin): the text is selected
    }
  });
  element.append(label, box, copy, status);
  return { element, set: (text) => { box.value = text; status.textContent = ''; } };
}
