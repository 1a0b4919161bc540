// Text: GPT-2's tokenizer (its vocabulary fetched once per page), document 004's DataLoader and its learned
// positions.
import { call } from './call.js';

let tokenizer = null;

export function textCalls(m) {
  return {
    /** GPT-2's tokenizer, once per page; its vocabulary (data/gpt2.json, 0.5 MB) is fetched on first use. */
    gpt2Tokenizer() {
      tokenizer ??= (async () => {
        const url = new URL('data/gpt2.json', document.baseURI).href;
        const response = await fetch(url);
        if (!response.ok) throw Object.assign(new Error(`${url}: HTTP ${response.status}`), { code: 'vocabulary_download' });
        const bytes = new Uint8Array(await response.arrayBuffer());
        return wrapTokenizer(call(() => new m.Gpt2Tokenizer(bytes)));
      })();
      tokenizer.catch(() => { tokenizer = null; });  // a failed download can be retried
      return tokenizer;
    },

    /** Batch `index` of document 004's DataLoader (shuffle=False, drop_last=True) over `ids`. */
    loaderBatch({ ids, maxLength, stride, batchSize, index = 0 }) {
      return call(() => m.loaderBatch(ids, maxLength, stride, batchSize, index));
    },

    /**
     * Document 004's learned positions for a batch of `rows` windows of `length` ids: torch.manual_seed(seed),
     * the vocabSize × dim token table, [the DataLoader's draw], the contextLength × dim positional table; the
     * batch's token rows, the positional table and their broadcast sum, each {rows, cols, data}.
     */
    learnedPositions({ ids, rows, length, vocabSize = 50257, dim, contextLength, seed, loaderDraw = true }) {
      const r = call(() => m.learnedPositions(ids, rows, length, vocabSize, dim, contextLength, seed, loaderDraw));
      return {
        tokens: { rows: rows * length, cols: dim, data: r.tokens },
        positions: { rows: contextLength, cols: dim, data: r.positions },
        // null when the tables do not broadcast; `failure` then holds PyTorch's RuntimeError as a result to show.
        sum: r.sum ? { rows: rows * length, cols: dim, data: r.sum } : null,
        failure: r.failure ? { ...r.failure } : null,
      };
    },
  };
}

function wrapTokenizer(t) {
  return {
    vocabularySize: t.vocabularySize(),
    /** Uint32Array of tiktoken's gpt2 ids; text is a string or bytes (invalid UTF-8 reads as U+FFFD). */
    encode(text, { allowSpecial = false } = {}) {
      return call(() => t.encode(text, allowSpecial));
    },
    decode(ids) {
      return call(() => t.decode(ids));
    },
    /** Each id's own text (a token holding part of a character shows U+FFFD there). */
    tokenTexts(ids) {
      return call(() => t.tokenTexts(ids));
    },
    tokenBytes(id) {
      return call(() => t.tokenBytes(id));
    },
    /** The token as GPT-2's vocab.json writes it ("Ġthe"). */
    tokenSymbol(id) {
      return call(() => t.tokenSymbol(id));
    },
    /** The pieces GPT-2's pattern cuts the text into, before any merge. */
    pieces(text) {
      return call(() => t.pieces(text));
    },
  };
}
