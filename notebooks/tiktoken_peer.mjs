// tiktoken's `gpt2` encoding for the reference notebooks: reads UTF-8 text on stdin and prints its ids as a
// JSON array. It runs @dqbd/tiktoken, tiktoken's own Rust core compiled to WebAssembly (Python's tiktoken
// is not a Debian package). Usage: node notebooks/tiktoken_peer.mjs [--allow-special] < text.txt
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { get_encoding: getEncoding } = createRequire(import.meta.url)('@dqbd/tiktoken');
const encoding = getEncoding('gpt2');
const text = readFileSync(0, 'utf8');
const ids = process.argv.includes('--allow-special') ? encoding.encode(text, 'all') : encoding.encode(text);
process.stdout.write(JSON.stringify(Array.from(ids)));
encoding.free();
