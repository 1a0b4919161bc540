// embed.js — the lab inside a course page. `embed=1` in the link shows one lesson alone (no site header,
// lesson list, pager or footer, compact margins); `hide=text,controls` also hides the lesson's prose or its
// fields, so a teacher can show just the figures. The flags stay in the link while the lesson rewrites it, and
// "Embed this view" (under each lesson) writes the <iframe> code and the link for the current state.
import { t } from './i18n.js';
import { el } from './ui/dom.js';
import { largeText } from './ui/text-size.js';

const PARTS = ['text', 'controls'];
let flags = { embed: false, hide: [] };

/** Reads the flags from a link's query and shows the page accordingly (data-embed, data-hide on <html>). */
export function readEmbed(query) {
  const hide = (query.get('hide') || '').split(',').filter((part) => PARTS.includes(part));
  flags = { embed: query.get('embed') === '1', hide: query.get('embed') === '1' ? hide : [] };
  const root = document.documentElement;
  if (flags.embed) root.dataset.embed = '';
  else delete root.dataset.embed;
  if (flags.hide.length) root.dataset.hide = flags.hide.join(' ');
  else delete root.dataset.hide;
}

/** The flags as they go at the end of the link ('' outside embed mode); large: text for a projector. */
export function embedFlags({ embed = flags.embed, hide = flags.hide, large = largeText() } = {}) {
  if (!embed) return '';
  return `&embed=1${hide.length ? `&hide=${hide.join(',')}` : ''}${large ? '&text=large' : ''}`;
}

/** The page's address without its hash, so the code works under any sub-path the lab is hosted at. */
const siteAddress = () => `${location.origin}${location.pathname}`;

/**
 * "Embed this view": a <details> with two options (hide the text, hide the controls), the <iframe> code and
 * the plain link for what the page shows now, each in a read-only box with a Copy button.
 */
export function embedPanel({ title }) {
  const details = el('details', 'embed-view');
  const summary = el('summary', null, t('embed.summary'));
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
  const code = output('embed-code', t('embed.code'), 3);
  const link = output('embed-link', t('embed.link'), 1);
  details.append(summary, options, code.element, link.element, el('p', 'embed-note', t('embed.note')));

  function refresh() {
    const hide = boxes.filter((b) => b.checked).map((b) => b.value);
    const view = location.hash.replace(/&(embed|hide|text)=[^&]*/g, '');
    const address = `${siteAddress()}${view}${embedFlags({ embed: true, hide, large: largeBox.checked })}`;
    const escaped = address.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    code.set(`<iframe src="${escaped}" title="${title().replace(/"/g, '&quot;')} · poslab" width="100%" height="720" style="border: 0" loading="lazy"></iframe>`);
    link.set(address);
  }
  details.addEventListener('toggle', () => details.open && refresh());
  [...boxes, largeBox].forEach((b) => b.addEventListener('change', refresh));
  return details;
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
