// Lesson "text-to-tokens": max_len counts tokens, not words (document 000). The counts on the page
// against js-tiktoken (the peer), in both languages; Spanish takes more tokens per word than English.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { getEncoding } from 'js-tiktoken';
import { useLesson, field, settled } from './browser.mjs';

const { open } = useLesson('text-to-tokens');
const peer = getEncoding('gpt2');
const sample = (lang) => JSON.parse(readFileSync(new URL(`../../web/lessons/10-text-to-tokens/strings.${lang}.json`, import.meta.url), 'utf8')).textToTokens.sample;
const words = (text) => [...text.matchAll(/\S+/gu)];

test('the lesson text\'s own example: "tokenizer" is two GPT-2 tokens, "the" one', () => {
  assert.deepEqual(peer.encode('tokenizer').map((id) => peer.decode([id])), ['token', 'izer']);
  assert.equal(peer.encode(' the').length, 1);
});

const ratios = {};
for (const lang of ['en', 'es']) {
  test(`${lang}: words, tokens, what max_len = 16 keeps, and the first 16 words in tokens, as js-tiktoken counts them`, async () => {
    const { page, problems, context } = await open(`#/text-to-tokens?lang=${lang}`);
    const verdict = page.locator('.tt-fit-verdict');
    await page.waitForFunction(() => document.querySelector('.tt-fit-verdict')?.dataset.tokens);
    const text = sample(lang);
    const ids = peer.encode(text);
    const data = await verdict.evaluate((e) => ({ ...e.dataset }));
    assert.equal(Number(data.tokens), ids.length);
    assert.equal(Number(data.words), words(text).length);
    const sixteen = words(text).slice(0, 16);
    assert.equal(Number(data.wordTokens), peer.encode(text.slice(0, sixteen[15].index + sixteen[15][0].length)).length);
    // The first 16 tokens spell a prefix of the text; the whole words in it are the words that end inside it.
    const kept = peer.decode(ids.slice(0, 16));
    assert.ok(text.startsWith(kept));
    const whole = words(text).filter((w) => w.index + w[0].length < kept.length || (w.index + w[0].length === kept.length && /\s/.test(text[kept.length]))).length;
    assert.equal(Number(data.whole), whole);
    assert.ok(Number(data.whole) < 16, 'fewer words than tokens');
    assert.match(await page.textContent('.tt-fit-counts'), lang === 'en' ? /tokens per word/ : /tokens por palabra/);
    ratios[lang] = ids.length / words(text).length;
    // A max_len larger than the text: everything fits.
    await field(page, 'fitLen').fill('4096');
    await page.locator('.tt-fit-verdict', { hasText: lang === 'en' ? /all \d+ tokens fit/ : /caben los \d+ tokens/ }).waitFor();
    await settled(page); // the link is written when the reader pauses
    assert.match(page.url(), /fitLen=4096/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a Spanish text takes more GPT-2 tokens per word than an English one', () => {
  assert.ok(ratios.es > ratios.en, `es ${ratios.es} vs en ${ratios.en}`);
});
