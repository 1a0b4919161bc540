// The text as GPT-2 sees it: one coloured piece per token with its id underneath, and the same tokens as a
// table (position, text, GPT-2's own spelling of the token, id). Long texts show their first tokens only.
import { language, t } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { dataTable, showTable } from '../../src/charts/table.js';
import { disclosure, el, titledPanel } from '../../src/ui/dom.js';

const SHOWN = 400;        // pieces drawn
const TABLE_ROWS = 64;    // rows of the table

/** How a token's text is shown: spaces as ·, line ends as ↵ (and a real line break), tabs as →. */
function visible(text) {
  return text.replace(/ /g, '·').replace(/\t/g, '→').replace(/\r/g, '␍').replace(/\n/g, '↵');
}

/** Bytes in hex, for tokens that hold only part of a character (an emoji is often two or three tokens). */
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');

const strict = new TextDecoder('utf-8', { fatal: true });
/** Whether a token's bytes are whole characters (U+FFFD in its text can be a real U+FFFD). */
function isUtf8(bytes) {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const encoder = new TextEncoder();
const MAX_GROUPED_TEXT = 200000;   // characters: above this the pieces are not drawn (a long list for nothing)

/**
 * The shown tokens split by the pattern's pieces: [[0], [1, 2], …] (token indices per piece), or null when
 * the text is long or the pieces do not line up with the tokens (a special token is not a piece).
 */
function groupByPiece(ids, tokenizer, text) {
  if (text === undefined || text.length > MAX_GROUPED_TEXT) return null;
  const groups = [];
  let k = 0;
  for (const piece of tokenizer.pieces(text)) {
    if (k >= ids.length) break;
    let bytes = encoder.encode(piece).length;
    const group = [];
    while (bytes > 0 && k < ids.length) {
      bytes -= tokenizer.tokenBytes(ids[k]).length;
      group.push(k);
      k += 1;
    }
    if (bytes < 0) return null;
    groups.push(group);
  }
  return k === ids.length ? groups : null;
}

export function tokensView() {
  const { element, title } = titledPanel('tt-tokens', 'tt-tokens-title');
  const pieces = el('p', 'tt-pieces');
  const note = el('p', 'chart-note');
  const { element: details, summary, body: tableHost } = disclosure('chart-table');
  element.append(pieces, note, details);

  let last = null;
  const relabel = () => {
    title.textContent = t('textToTokens.tokens.title');
    summary.textContent = t('charts.showTable');
    if (last) draw(last);
  };

  function draw({ ids, tokenizer, text }) {
    last = { ids, tokenizer, text };
    const count = Math.min(ids.length, SHOWN);
    const head = ids.subarray(0, count);
    const texts = tokenizer.tokenTexts(head);
    const groups = groupByPiece(head, tokenizer, text);
    const rows = [];
    const tokenSpans = [];
    for (let i = 0; i < count; i += 1) {
      const id = head[i];
      const tokenText = texts[i];
      const partial = tokenText.includes('\uFFFD') && !isUtf8(tokenizer.tokenBytes(id));
      const span = document.createElement('span');
      span.className = `tt-piece tt-c${i % 6}${partial ? ' tt-partial' : ''}`;
      span.dataset.id = String(id);
      const shown = document.createElement('span');
      shown.className = 'tt-piece-text';
      shown.textContent = partial ? `⟨${hex(tokenizer.tokenBytes(id))}⟩` : visible(tokenText);
      const number = document.createElement('span');
      number.className = 'tt-piece-id';
      number.textContent = String(id);
      span.append(shown, number);
      span.title = t('textToTokens.tokens.tooltip', { index: i, id, symbol: tokenizer.tokenSymbol(id) });
      tokenSpans.push({ span, newline: tokenText.includes('\n') });
      if (i < TABLE_ROWS) {
        rows.push({ header: String(i), cells: [partial ? `⟨${hex(tokenizer.tokenBytes(id))}⟩` : visible(tokenText), tokenizer.tokenSymbol(id), String(id)] });
      }
    }
    // Tokens inside the outline of the piece (step 1) they came from, when the pieces can be matched.
    const spans = [];
    for (const group of groups || tokenSpans.map((_, i) => [i])) {
      const members = group.map((i) => tokenSpans[i]);
      if (groups) {
        const box = document.createElement('span');
        box.className = 'tt-group';
        box.append(...members.map((m) => m.span));
        spans.push(box);
      } else {
        spans.push(...members.map((m) => m.span));
      }
      if (members.some((m) => m.newline)) spans.push(document.createElement('br'));
    }
    pieces.replaceChildren(...spans);
    note.textContent = ids.length > count
      ? t('textToTokens.tokens.partial', { shown: formatCount(count, language()), count: formatCount(ids.length, language()) })
      : ids.length === 0 ? t('textToTokens.tokens.none') : t('textToTokens.tokens.all', { count: formatCount(ids.length, language()) });
    if (groups && ids.length) note.textContent += ` ${t('textToTokens.tokens.groups')}`;
    const table = dataTable({
      caption: t('textToTokens.tokens.tableCaption', { shown: formatCount(Math.min(TABLE_ROWS, ids.length), language()), count: formatCount(ids.length, language()) }),
      corner: t('textToTokens.tokens.position'),
      columns: [t('textToTokens.tokens.text'), t('textToTokens.tokens.symbol'), t('textToTokens.tokens.id')],
      rows,
    });
    table.classList.add('tt-token-table');
    showTable(tableHost, table, t('textToTokens.tokens.tableCaption', { shown: rows.length, count: ids.length }));
  }

  relabel();

  function clear() {
    last = null;
    pieces.replaceChildren();
    note.textContent = '';
    tableHost.replaceChildren();
  }

  return { element, draw, clear, relabel };
}
