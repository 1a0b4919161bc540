// Document 000's reminder that max_len counts tokens, not words: the text in the box as words (separated by
// spaces, as a reader counts them) and as GPT-2 tokens, and what a max_len of N tokens keeps and cuts.
import { language, t } from '../../src/i18n.js';
import { formatCount, formatNumber } from '../../src/format.js';
import { textField } from '../../src/ui/fields.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { params } from './params.js';

const PREVIEW = 160; // characters of the kept and the cut text shown

/** Words as a reader counts them: runs of characters between spaces, with where each one ends in the text. */
function wordsOf(text) {
  return [...text.matchAll(/\S+/gu)].map((m) => ({ word: m[0], end: m.index + m[0].length }));
}

export function fitView({ onValue }) {
  const { element, title } = titledPanel('tt-fit', 'tt-fit-title');
  const field = textField({ name: 'fitLen', decl: params.fitLen, labelKey: 'textToTokens.fields.fitLen.label', hintKey: 'textToTokens.fields.fitLen.hint', onValue: (v) => onValue('fitLen', v) });
  const counts = el('p', 'tt-fit-counts');
  const verdict = el('p', 'tt-fit-verdict');
  verdict.setAttribute('aria-live', 'polite');
  const kept = el('p', 'tt-fit-kept');
  const cut = el('p', 'tt-fit-cut');
  element.append(field.element, counts, verdict, kept, cut);
  let last = null;

  /** text, ids (the text's GPT-2 ids), tokenizer (kernel's), fitLen, allowSpecial (as the ids were made). */
  function draw(data) {
    last = data;
    const { text, ids, tokenizer, fitLen, allowSpecial } = data;
    const words = wordsOf(text);
    const n = Math.min(fitLen, ids.length);
    // The text the first n tokens spell, and how many whole words it holds.
    const keptText = tokenizer.decode(ids.slice(0, n));
    const atBoundary = n === ids.length || /^\s/u.test(text.slice(keptText.length, keptText.length + 1));
    const whole = words.filter((w) => w.end < keptText.length || (w.end === keptText.length && atBoundary)).length;
    // The other way round: the first fitLen words, in tokens.
    const firstWords = words.slice(0, fitLen);
    const wordTokens = firstWords.length ? tokenizer.encode(text.slice(0, firstWords[firstWords.length - 1].end), { allowSpecial }).length : 0;
    const count = (x) => formatCount(x, language()); // 3,634 words; 5129 tokens in Spanish (4 digits stay whole)
    const vars = {
      words: count(words.length),
      tokens: count(ids.length),
      ratio: words.length ? formatNumber(ids.length / words.length, language(), { decimals: 2 }) : '—',
      fitLen: count(fitLen),
      whole: count(whole),
      cutTokens: count(ids.length - n),
      wordTokens: count(wordTokens),
      shownWords: count(firstWords.length),
    };
    counts.textContent = t('textToTokens.fit.counts', vars);
    verdict.textContent = t(ids.length <= fitLen ? 'textToTokens.fit.allFit' : 'textToTokens.fit.cut', vars) + ' ' + t('textToTokens.fit.asWords', vars);
    Object.assign(verdict.dataset, { whole: String(whole), words: String(words.length), tokens: String(ids.length), wordTokens: String(wordTokens) });
    const preview = (s, fromEnd) => (s.length > PREVIEW ? (fromEnd ? `…${s.slice(-PREVIEW)}` : `${s.slice(0, PREVIEW)}…`) : s);
    kept.textContent = t('textToTokens.fit.kept', { text: preview(keptText, true) });
    cut.textContent = n < ids.length ? t('textToTokens.fit.cutText', { text: preview(text.slice(keptText.length), false) }) : '';
  }
  const relabel = () => {
    title.textContent = t('textToTokens.fit.title');
    field.relabel();
    if (last) draw(last);
  };
  relabel();
  return { element, fields: { fitLen: field }, draw, relabel, clear: () => { counts.textContent = ''; verdict.textContent = ''; kept.textContent = ''; cut.textContent = ''; } };
}
