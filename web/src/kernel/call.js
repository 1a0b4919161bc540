// What every kernel/*.js file shares: the call wrapper and the module's URL.

/** Errors from Emscripten are Errors already; anything else (a string, a number) becomes one. */
export function call(fn) {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Error) throw err;
    throw new Error(String(err));
  }
}

/** One wrapper per name for the module's functions the page calls with the module's own arguments and result. */
export function passThrough(m, names) {
  return Object.fromEntries(names.map((name) => [name, (...args) => call(() => m[name](...args))]));
}

/**
 * The files of one build: the entry (a small wrapper), the Emscripten glue it imports, and the WebAssembly. Each
 * flavour comes as two modules (CMakeLists.txt): the whole one ('full') and the base one ('base'), a third of
 * the size, for the lessons that need only the positional encodings and attention (lessons.js kernelPart).
 */
const BUILDS = {
  full: {
    simd: { entry: 'wasm/poslab.mjs', glue: 'wasm/poslab-simd.core.mjs', wasm: 'wasm/poslab-simd.core.wasm' },
    scalar: { entry: 'wasm/poslab-scalar.mjs', glue: 'wasm/poslab-scalar.core.mjs', wasm: 'wasm/poslab-scalar.core.wasm' },
  },
  base: {
    simd: { entry: 'wasm/poslab-base.mjs', glue: 'wasm/poslab-simd.base.mjs', wasm: 'wasm/poslab-simd.base.wasm' },
    scalar: { entry: 'wasm/poslab-base-scalar.mjs', glue: 'wasm/poslab-scalar.base.mjs', wasm: 'wasm/poslab-scalar.base.wasm' },
  },
};

// The smallest module that uses a SIMD instruction (a function returning i8x16.popcnt(i8x16.splat(0))): a
// browser that validates it runs WebAssembly SIMD. Checked synchronously, so that the download can start in
// the same moment (see startModule).
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

/** This page's build of `part`: the SIMD one where the browser has SIMD, else the scalar one. */
const build = (part = 'full') => BUILDS[part][WebAssembly.validate(SIMD_PROBE) ? 'simd' : 'scalar'];

/** A file of the site, resolved against the page (document.baseURI), not this bundle: any folder serves it. */
const atPage = (file) => new URL(file, document.baseURI).href;

/** The whole module's URL for this page (the entry of its build): what the training workers load. */
export async function moduleUrl() {
  return atPage(build().entry);
}

/**
 * The compiled WebAssembly, compiled while it downloads. A host that serves .wasm under another type than
 * application/wasm (which streaming compilation requires) still works: the bytes are compiled once they are in.
 */
async function compile(url) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`the WebAssembly module did not download (${response.status} ${url})`);
  if (WebAssembly.compileStreaming && response.headers.get('content-type')?.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

const started = {}; // part → {url, options, instantiated}

/**
 * Starts everything the module needs at once, in parallel: the entry, its glue and the boundary guard are
 * preloaded (left to themselves, each is only asked for once the one that imports it has arrived), and the
 * WebAssembly is fetched and compiled while it downloads (the glue would only ask for it once it runs).
 * Returns {url, options, instantiated}: import url and call its factory with options, which hand the glue the
 * instance made from that compilation; instantiated rejects if it failed (the factory itself would then wait
 * forever), so await both. Started once per page and part: by boot.js, before any other of the page's code
 * runs, for the first lesson's part; by kernel.js loadKernel for a lesson that needs the other.
 */
export function startModule(part = 'full') {
  if (started[part]) return started[part];
  const files = build(part);
  for (const file of [files.entry, files.glue, 'wasm/poslab-guard.mjs']) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = atPage(file);
    document.head.append(link);
  }
  const compiled = compile(atPage(files.wasm));
  let done;
  const instantiated = new Promise((resolve, reject) => {
    done = { resolve, reject };
  });
  compiled.catch(done.reject);
  instantiated.catch(() => {}); // reported by whoever awaits it (loadKernel), not as an unhandled rejection
  const options = {
    instantiateWasm(imports, receive) {
      compiled
        .then((module) => WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module)))
        .then(done.resolve, done.reject);
      return {}; // the exports come later, through receive()
    },
  };
  started[part] = { url: atPage(files.entry), options, instantiated };
  return started[part];
}
