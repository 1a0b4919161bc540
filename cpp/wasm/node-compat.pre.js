// Emscripten 3.1.6's ES-module glue still reaches for CommonJS's `require` and `__dirname` when it runs
// under Node. An ES module has neither, so define them here, and only under Node (browsers skip this).
var poslabRunsInNode = typeof process === 'object' && typeof process.versions === 'object' &&
  typeof process.versions.node === 'string';
var require = poslabRunsInNode ? (await import('node:module')).createRequire(import.meta.url) : undefined;
var __dirname = poslabRunsInNode ? require('node:path').dirname(require('node:url').fileURLToPath(import.meta.url)) : '';
