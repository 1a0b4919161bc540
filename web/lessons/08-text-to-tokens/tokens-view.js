// The text as GPT-2 sees it: one coloured piece per token with its id underneath, and the same tokens as a
// table (position, text, GPT-2's own spelling of the token, id). Long texts show their first tokens only.
import { t } from '../../src/i18n.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';

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

export function tokensView() {
  const element = document.createElement('section');
  element.className = 'panel tt-tokens';
  const title = document.createElement('h2');
  title.className = 'panel-title';
  title.id = 'tt-tokens-title';
  element.setAttribute('aria-labelledby', title.id);
  const pieces = document.createElement('p');
  pieces.className = 'tt-pieces';
  const note = document.createElement('p');
  note.className = 'chart-note';
  const details = document.createElement('details');
  details.className = 'chart-table';
  const summary = document.createElement('summary');
  const tableHost = document.createElement('div');
  details.append(summary, tableHost);
  element.append(title, pieces, note, details);

  let last = null;
  const relabel = () => {
    title.textContent = t('textToTokens.tokens.title');
    summary.textContent = t('charts.showTable');
    if (last) draw(last);
  };

  function draw({ ids, tokenizer }) {
    last = { ids, tokenizer };
    const count = Math.min(ids.length, SHOWN);
    const head = ids.subarray(0, count);
    const texts = tokenizer.tokenTexts(head);
    const rows = [];
    const spans = [];
    for (let i = 0; i < count; i += 1) {
      const id = head[i];
      const text = texts[i];
      const partial = text.includes('\uFFFD') && !isUtf8(tokenizer.tokenBytes(id));
      const span = document.createElement('span');
      span.className = `tt-piece tt-c${i % 6}${partial ? ' tt-partial' : ''}`;
      span.dataset.id = String(id);
      const shown = document.createElement('span');
      shown.className = 'tt-piece-text';
      shown.textContent = partial ? `⟨${hex(tokenizer.tokenBytes(id))}⟩` : visible(text);
      const number = document.createElement('span');
      number.className = 'tt-piece-id';
      number.textContent = String(id);
      span.append(shown, number);
      span.title = t('textToTokens.tokens.tooltip', { index: i, id, symbol: tokenizer.tokenSymbol(id) });
      spans.push(span);
      if (text.includes('\n')) spans.push(document.createElement('br'));
      if (i < TABLE_ROWS) {
        rows.push({ header: String(i), cells: [partial ? `⟨${hex(tokenizer.tokenBytes(id))}⟩` : visible(text), tokenizer.tokenSymbol(id), String(id)] });
      }
    }
    pieces.replaceChildren(...spans);
    note.textContent = ids.length > count
      ? t('textToTokens.tokens.partial', { shown: count, count: ids.length })
      : ids.length === 0 ? t('textToTokens.tokens.none') : t('textToTokens.tokens.all', { count: ids.length });
    const table = dataTable({
      caption: t('textToTokens.tokens.tableCaption', { shown: Math.min(TABLE_ROWS, ids.length), count: ids.length }),
      corner: t('textToTokens.tokens.position'),
      columns: [t('textToTokens.tokens.text'), t('textToTokens.tokens.symbol'), t('textToTokens.tokens.id')],
      rows,
    });
    table.classList.add('tt-token-table');
    tableHost.replaceChildren(scrollBox(table, t('textToTokens.tokens.tableCaption', { shown: rows.length, count: ids.length })));
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
