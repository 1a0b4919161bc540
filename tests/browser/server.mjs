// A tiny static server for the built site (dist/), mounted under a sub-path so the tests prove that every
// URL the site uses is relative. Not a test file: the suites import it.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// POSLAB_DIST: test another build (e.g. one made with vite build --outDir while dist/ is being rebuilt).
export const DIST = process.env.POSLAB_DIST ? `${process.env.POSLAB_DIST.replace(/\/$/, '')}/` : fileURLToPath(new URL('../../dist/', import.meta.url));
export const MOUNT = '/course/poslab/';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** Throws a clear message when the site has not been built. */
export function requireDist() {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error(`dist/index.html not found in ${DIST}: run npm run build first`);
  }
  if (!existsSync(join(DIST, 'wasm', 'poslab.mjs'))) {
    throw new Error('dist/wasm/poslab.mjs not found: the WebAssembly module is missing; run npm run build first');
  }
}

// What a static host compresses (gzip -9, as page-weight.mjs counts): text and WebAssembly, not fonts or images.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.txt', '.md']);

/**
 * Starts the server on a free port; resolves to {url (the mount point), close()}. headers: added to every
 * response. gzip: answer requests that accept it with gzip, as a static host would (the phone benchmark, whose
 * throttled network must carry what a real one carries). onRequest(path): called as each request arrives.
 */
export async function startServer({ root = DIST, mount = MOUNT, headers = {}, gzip = false, onRequest = () => {} } = {}) {
  requireDist();
  const compressed = new Map();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    onRequest(path);
    if (!path.startsWith(mount)) {
      // Anything outside the sub-path is a 404: an absolute URL in the site would show up as a failure.
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found (outside the mount point)');
      return;
    }
    let file = normalize(join(root, path.slice(mount.length)));
    if (!file.startsWith(normalize(root)) && file + sep !== normalize(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file);
      const encode = gzip && COMPRESSIBLE.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      if (encode) {
        // Compressed once per version of the file: the server's own time is not what is measured.
        const key = `${file}@${(await stat(file)).mtimeMs}`;
        if (!compressed.has(key)) compressed.set(key, gzipSync(body, { level: 9 }));
        body = compressed.get(key);
      }
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] || 'application/octet-stream',
        'cache-control': 'no-store',
        ...(encode ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
        ...headers,
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${mount}`,
    // closeAllConnections: a browser's keep-alive sockets would otherwise hold close() (and the test file) open.
    close: () => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); }),
  };
}

// `node tests/browser/server.mjs` serves dist/ for a look by hand.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { url } = await startServer();
  console.log(`serving dist/ at ${url}`);
}
