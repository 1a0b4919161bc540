// remote-text.js — the documents' own texts, downloaded from GitHub when the reader asks for them (lesson 09's
// text.txt, lesson 10's story). Each address is pinned to a commit, so the file cannot change under the lab;
// what arrives is still checked before a lesson uses it: at most DOWNLOAD_LIMIT bytes are read, the size must
// be plausible for that text, and the bytes must be UTF-8. Anything else is refused with an error that
// describeError() says in the reader's language, and the lesson carries on with the text it had.

/** Far beyond either text (about 20 KB each): past this the reading stops, whatever the server sends. */
export const DOWNLOAD_LIMIT = 1024 * 1024;

/** An Error shaped like the kernel's (code, argument = the file's name, value, min, max). */
function refused(code, source, message, fields = {}) {
  return Object.assign(new Error(`${source.url}: ${message}`), { code, argument: source.name, ...fields });
}

/** The body's bytes, reading no further than DOWNLOAD_LIMIT. */
async function readAtMost(response, source) {
  const tooLarge = () => refused('download_too_large', source, `more than ${DOWNLOAD_LIMIT} bytes`, { max: DOWNLOAD_LIMIT });
  // A declared size over the limit (even compressed) refuses the file before a byte is read.
  if (Number(response.headers.get('content-length')) > DOWNLOAD_LIMIT) {
    response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > DOWNLOAD_LIMIT) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * source: {url, name (the file's name, as messages quote it), min, max (the plausible size, in bytes)}.
 * Resolves to the text; rejects with an Error whose code is
 *   download_failed            no connection, or an HTTP error (`status`); `value` is the address
 *   download_too_large         more than DOWNLOAD_LIMIT bytes (`max`)
 *   download_unexpected_size   `value` bytes, outside `min` … `max`
 *   download_not_utf8          bytes that are not UTF-8
 */
export async function downloadText(source) {
  let bytes;
  try {
    const response = await fetch(source.url);
    if (!response.ok) throw refused('download_failed', source, `HTTP ${response.status}`, { value: source.url, status: response.status });
    bytes = await readAtMost(response, source);
  } catch (err) {
    if (err.code) throw err;
    // The connection failed (before the answer or in the middle of it): the browser's words stay in the console.
    throw refused('download_failed', source, err.message, { value: source.url });
  }
  if (bytes.length < source.min || bytes.length > source.max) {
    throw refused('download_unexpected_size', source, `${bytes.length} bytes`, { value: bytes.length, min: source.min, max: source.max });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused('download_not_utf8', source, 'not UTF-8');
  }
}
