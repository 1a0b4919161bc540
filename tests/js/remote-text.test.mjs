// web/src/remote-text.js, the one door for the documents' texts: what arrives is read up to 1 MiB and no
// further, must have a plausible size and be UTF-8; every refusal is an error with a code the page translates.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { downloadText, DOWNLOAD_LIMIT } from '../../web/src/remote-text.js';

const SOURCE = { url: 'https://example.org/pinned/text.txt', name: 'text.txt', min: 100, max: 400 };
const realFetch = globalThis.fetch;
afterEach(() => { globalThis.fetch = realFetch; });

/** fetch answers with `respond()`; the addresses asked for are kept. */
function serve(respond) {
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(url);
    return respond();
  };
  return asked;
}

/** A body of `total` bytes sent in 64 KiB chunks, with no declared length; counts the chunks read. */
function streamed(total) {
  const chunk = 64 * 1024;
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream({
    pull(controller) {
      const sent = seen.pulled * chunk;
      if (sent >= total) return controller.close();
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(Math.min(chunk, total - sent)).fill(97));
    },
    cancel() { seen.cancelled = true; },
  }, { highWaterMark: 0 });
  return { response: new Response(stream), seen };
}

const refusal = (promise) => promise.then(() => assert.fail('accepted'), (err) => err);

test('a plausible UTF-8 text is returned as it arrived, from the address given', async () => {
  const text = 'El perro negro · the black dog — 東京 🙂\n'.repeat(5);
  const asked = serve(() => new Response(text));
  assert.equal(await downloadText(SOURCE), text);
  assert.deepEqual(asked, [SOURCE.url]);
});

test('a body past 1 MiB with no declared length is read no further than the limit, then refused', async () => {
  const { response, seen } = streamed(8 * DOWNLOAD_LIMIT);
  serve(() => response);
  const err = await refusal(downloadText(SOURCE));
  assert.equal(err.code, 'download_too_large');
  assert.equal(err.argument, 'text.txt');
  assert.equal(err.max, 1048576);
  // 16 chunks make 1 MiB: the 17th passes it, and the reading stops there (8 MiB would be 128 chunks).
  assert.equal(seen.pulled, 17);
  assert.ok(seen.cancelled);
});

test('a declared length past 1 MiB is refused before a byte is read', async () => {
  const { response, seen } = streamed(2 * DOWNLOAD_LIMIT);
  const declared = new Response(response.body, { headers: { 'content-length': String(2 * DOWNLOAD_LIMIT) } });
  serve(() => declared);
  assert.equal((await refusal(downloadText(SOURCE))).code, 'download_too_large');
  assert.equal(seen.pulled, 0);
});

test('a size outside the plausible range is refused with the size and the range', async () => {
  for (const size of [14, 99, 401, 200000]) {
    serve(() => new Response('a'.repeat(size)));
    const err = await refusal(downloadText(SOURCE));
    assert.deepEqual({ code: err.code, value: err.value, min: err.min, max: err.max }, { code: 'download_unexpected_size', value: size, min: 100, max: 400 });
  }
  for (const size of [100, 400]) {
    serve(() => new Response('a'.repeat(size)));
    assert.equal((await downloadText(SOURCE)).length, size);
  }
});

test('bytes that are not UTF-8 are refused, not read with replacement characters', async () => {
  for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
    const bytes = new Uint8Array(200).fill(97);
    bytes.set(bad, 100);
    serve(() => new Response(bytes));
    assert.equal((await refusal(downloadText(SOURCE))).code, 'download_not_utf8', String(bad));
  }
});

test('no connection, an HTTP error, or a connection cut mid-body is download_failed with the address', async () => {
  serve(() => { throw new TypeError('Failed to fetch'); });
  let err = await refusal(downloadText(SOURCE));
  assert.deepEqual({ code: err.code, value: err.value, status: err.status }, { code: 'download_failed', value: SOURCE.url, status: undefined });
  serve(() => new Response('Not Found', { status: 404 }));
  err = await refusal(downloadText(SOURCE));
  assert.deepEqual({ code: err.code, value: err.value, status: err.status }, { code: 'download_failed', value: SOURCE.url, status: 404 });
  const cut = new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(50).fill(97));
      controller.error(new TypeError('network error'));
    },
  });
  serve(() => new Response(cut));
  assert.equal((await refusal(downloadText(SOURCE))).code, 'download_failed');
});
