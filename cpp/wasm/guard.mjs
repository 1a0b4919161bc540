// cpp/wasm/guard.mjs — the module's JavaScript boundary. It wraps every exported function and method so that
//   1. arguments are checked by type before anything reaches WebAssembly (a wrong type is a PoslabError with
//      code wrong_type, never Embind's BindingError or a TypeError; a wrong count is argument_count);
//   2. a C++ error, which the bindings park in Module.poslabFailure instead of throwing through C++ frames
//      (cpp/wasm/bridge.hpp says why), is thrown here, after the module has returned cleanly;
//   3. anything else that escapes (a trap, a bare C++ exception number) restores the stack pointer and becomes
//      a PoslabError too, so nothing is lost and the module keeps working;
//   4. every argument is read here, once, before the module sees it: option objects become plain objects of their
//      declared fields, Arrays plain copies, a view of the module's own memory a copy. JavaScript that runs while
//      the module reads (a getter, a Proxy trap, a detached buffer) would otherwise throw through C++ frames and
//      leak what they hold, as a C++ error would (bridge.hpp): here it is a PoslabError before any C++ runs;
//   5. an object that has been deleted, or that is running a method (a training whose progress callback calls
//      back into it), refuses further calls with a PoslabError instead of touching freed or busy memory.
// The signature table below is the module's public surface: a name missing from it is not exported.

const MAX_ARRAY = 2 ** 25; // the core's cap on values per call (errors.hpp: kMaxMatrixValues)
const MAX_TEXT = 2 ** 25; // UTF-16 units of one text (bpe.hpp: kMaxTextBytes bytes)
const MAX_NAME = 10_000; // a variant, a word: copied by Embind as a std::string
const QUOTE = 160; // longest piece of a caller's input an error message repeats

// Argument kinds. `name` is a short string Embind copies itself; `text` and `bytes` go through TextEncoder.
const KINDS = {
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  name: (v) => typeof v === 'string',
  text: (v) => typeof v === 'string',
  bytes: (v) => typeof v === 'string' || v instanceof ArrayBuffer || isNumberView(v),
  array: (v) => isNumberView(v) || Array.isArray(v),
  seed: (v) => typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string',
  object: (v) => v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v)),
  function: (v) => v === undefined || typeof v === 'function',
};

// The fields each options object may hold, as the bindings read them (cpp/wasm/bind_*.cpp). Only these are
// copied into the plain object the module receives; the bindings check their types and ranges.
const OPTION_FIELDS = {
  transformer: ['vocabSize', 'dModel', 'heads', 'layers', 'ffnSize', 'maxLen', 'positional', 'causal', 'seed'],
  adam: ['lr', 'beta1', 'beta2', 'eps', 'weightDecay', 'clipNorm'],
  skipGram: ['vectorSize', 'window', 'minCount', 'negative', 'epochs', 'sample', 'alpha', 'minAlpha', 'seed'],
  attention: ['causal', 'wq', 'wk', 'wv', 'keyLength'],
  ropeScaling: ['dim', 'base', 'originalLength', 'factor', 'betaFast', 'betaSlow', 'currentLength'],
};

// name: "arg:kind arg:kind?" — `?` optional (an Embind overload by count), `=` optional (passed as undefined);
// an options object names its fields: "options:object(adam)=".
const FUNCTIONS = {
  positionalEncoding: 'max_len:number d_model:number variant:name',
  addPositionalEncoding: 'embeddings:array rows:number d_model:number variant:name scale:boolean',
  cosineSimilarity: 'a:array b:array',
  cosineRows: 'a:array b:array rows:number dim:number',
  cosineRowsExact: 'a:array b:array rows:number dim:number',
  positionalModule: 'seed:seed batch:number seq_len:number d_model:number max_len:number p:number train:boolean',
  farPositions: 'positions:array d_model:number',
  cosineMatrix: 'a:array rows_a:number b:array rows_b:number dim:number',
  euclideanDistance: 'a:array b:array',
  fillMatrix: 'rows:number cols:number value:number',
  buildInfo: '',
  heapInUse: '',
  torchEmbedding: 'vocab_size:number dim:number seed:seed',
  embeddingLookup: 'table:array vocab_size:number dim:number ids:array',
  embeddingSteps: 'table:array vocab_size:number dim:number ids:array variant:name scale:boolean',
  torchSeed: 'seed:seed',
  addPositionIndex: 'embeddings:array rows:number dim:number scale:boolean',
  diagonalSpread: 'grid:array n:number',
  selfAttention: 'x:array seq_len:number dim:number options:object(attention)?',
  permutationGap: 'original:array reordered:array rows:number cols:number order:array',
  permutationRowGaps: 'original:array reordered:array rows:number cols:number order:array',
  validatePermutation: 'order:array n:number',
  rope: 'x:array seq_len:number dim:number base:number?',
  ropePairPath: 'dim:number pair:number steps:number base:number',
  ropeScoreGrid: 'q:array k:array positions:number base:number',
  additiveScoreGrid: 'q:array k:array positions:number',
  closestPositions: 'max_len:number d_model:number',
  closestRows: 'x:array rows:number dim:number',
  sinusoidalRequirements: 'max_len:number d_model:number',
  ropeRequirements: 'max_len:number d_model:number',
  learnedRequirements: 'max_len:number d_model:number seed:seed',
  divTerm: 'd_model:number',
  wavelengths: 'd_model:number',
  angleMatrix: 'max_len:number d_model:number',
  rotationCheck: 'pos:number k:number d_model:number',
  attentionExample: 'seed:seed words:number dim:number',
  tokenizeText: 'text:text',
  wordPositionSimilarities: 'a:array pos_a:number b:array pos_b:number variant:name',
  principalComponents: 'x:array rows:number dim:number components:number',
  slidingWindows: 'ids:array max_length:number stride:number',
  loaderBatch: 'ids:array max_length:number stride:number batch_size:number index:number',
  alibiSlopes: 'heads:number',
  alibiBias: 'heads:number length:number causal:boolean',
  t5RelativeBucket: 'relative_position:number bidirectional:boolean num_buckets:number max_distance:number',
  t5BucketGrid: 'length:number bidirectional:boolean num_buckets:number max_distance:number',
  t5Bias: 'table:array num_buckets:number heads:number length:number bidirectional:boolean max_distance:number',
  ropeInvFreq: 'options:object(ropeScaling) method:name',
  ropeAngles: 'options:object(ropeScaling) method:name position:number',
  yarnParameters: 'options:object(ropeScaling)',
  angleCoverage: 'options:object(ropeScaling) method:name last_position:number',
  extendedLastPosition: 'original_length:number factor:number',
  ntkAwareBase: 'dim:number base:number factor:number',
  dynamicNtkBase: 'options:object(ropeScaling)',
  ropeDecayBound: 'dim:number base:number max_distance:number',
  ropeDecayBoundOf: 'inv_freq:array max_distance:number',
  learnedPositions:
    'ids:array rows:number length:number vocab_size:number dim:number context_length:number seed:seed loader_draw:boolean',
};

const CLASSES = {
  SkipGram: {
    constructor: 'options:object(skipGram)=',
    methods: {
      prepare: 'text:text',
      trainSome: 'max_words:number',
      train: 'text:text on_progress:function?',
      progress: '',
      similarity: 'a:name b:name',
      vector: 'word:name',
      mostSimilar: 'word:name topn:number',
      vocabulary: '',
      counts: '',
      contains: 'word:name',
      vectors: '',
      projection: 'top:number',
    },
    properties: ['vectorSize', 'vocabularySize'],
    // What a progress callback may still ask of the model that is training (it reads, changes nothing).
    whileBusy: ['progress'],
  },
  TinyTransformer: {
    constructor: 'config:object(transformer)',
    methods: {
      config: '',
      parameterNames: '',
      parameterShape: 'name:name',
      parameterCount: '',
      parameter: 'name:name',
      setParameter: 'name:name values:array',
      gradient: 'name:name',
      parameters: '',
      logits: 'ids:array batch:number length:number',
      lossAndGradients: 'ids:array targets:array batch:number length:number',
      loss: 'ids:array targets:array batch:number length:number',
      adamStep: 'options:object(adam)=',
      attentionWeights: 'ids:array length:number',
      beginSequence: '',
      next: 'id:number',
      tokenLosses: 'ids:array targets:array',
    },
    properties: ['adamSteps', 'lastGradientNorm', 'sequenceLength'],
  },
  Gpt2Tokenizer: {
    constructor: 'vocabulary:bytes',
    methods: {
      encode: 'text:bytes allow_special:boolean?',
      decode: 'ids:array',
      decodeBytes: 'ids:array',
      tokenTexts: 'ids:array',
      tokenBytes: 'id:number',
      tokenSymbol: 'id:number',
      pieces: 'text:bytes',
      vocabularySize: '',
    },
  },
};

const EXPECTED = {
  number: 'a number',
  boolean: 'true or false',
  name: 'a string',
  text: 'a string',
  bytes: 'a string or bytes (a Uint8Array or an ArrayBuffer)',
  array: 'an array of numbers (a Float32Array or an Array)',
  seed: 'a whole number, a BigInt or a decimal string',
  object: 'an object',
  function: 'a function',
};

function isNumberView(v) {
  return ArrayBuffer.isView(v) && !(v instanceof DataView) && !(v instanceof BigInt64Array) && !(v instanceof BigUint64Array);
}

function parseSignature(text) {
  const params = text.split(' ').filter(Boolean).map((part) => {
    const [name, rawKind] = part.split(':');
    const optional = rawKind.endsWith('?') ? 'overload' : rawKind.endsWith('=') ? 'pad' : null;
    const [, kind, shape = null] = (optional ? rawKind.slice(0, -1) : rawKind).match(/^(\w+)(?:\((\w+)\))?$/);
    if (!KINDS[kind]) throw new Error(`guard: unknown kind ${kind}`);
    if (kind === 'object' && !OPTION_FIELDS[shape]) throw new Error(`guard: ${name} names no known options (${shape})`);
    return { name, kind, shape, optional };
  });
  return { params, min: params.filter((p) => !p.optional).length, max: params.length };
}

/** Errors this file raises, told apart from whatever a caller's getter or Proxy throws while being read. */
const raised = new WeakSet();

function poslabError(message, code, fields) {
  const error = new Error(message);
  error.name = 'PoslabError';
  error.code = code;
  Object.assign(error, fields);
  raised.add(error);
  return error;
}

/** The start and end of a long text, so an error never repeats megabytes of the reader's input. */
export function elide(text, limit = QUOTE) {
  if (typeof text !== 'string' || text.length <= limit) return text;
  const head = text.slice(0, Math.ceil(limit * 0.75));
  const tail = text.slice(text.length - Math.floor(limit * 0.15));
  return `${head}… [${text.length - head.length - tail.length} more characters] …${tail}`;
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an Array';
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  return `a ${typeof value}`;
}

// The codes the core already used for these mistakes are kept; the rest are wrong_type.
const TYPE_CODES = { array: 'not_array', text: 'not_text', bytes: 'not_text', seed: 'not_integer' };

function wrongType(label, param, value) {
  const code = TYPE_CODES[param.kind] ?? 'wrong_type';
  return poslabError(`${label}: ${param.name} must be ${EXPECTED[param.kind]} (got ${describe(value)})`, code, {
    argument: param.name,
    expected: param.kind,
    got: describe(value),
  });
}

function tooLarge(label, param, length, max, unit = 'characters') {
  return poslabError(`${label}: ${param.name} has ${length} ${unit}, above the limit of ${max} for one call`, 'too_large', {
    argument: param.name,
    value: length,
    max,
  });
}

/** A buffer given away by postMessage(…, [buffer]): its views read as empty and copying from them throws. */
function isDetached(buffer) {
  if (typeof buffer.detached === 'boolean') return buffer.detached;
  if (buffer.byteLength !== 0) return false;
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

/**
 * A typed array or ArrayBuffer as the module may read it: a detached one is refused; a view of the module's own
 * memory is copied, since the module's allocations may grow that memory (detaching the view) while it reads.
 */
function admitBuffer(label, name, value, module) {
  const buffer = value instanceof ArrayBuffer ? value : value.buffer;
  if (isDetached(buffer)) {
    throw poslabError(`${label}: ${name} is a detached buffer (it was transferred, e.g. by postMessage); pass a copy`, 'detached', {
      argument: name,
    });
  }
  return buffer === module.HEAPU8.buffer ? value.slice(0) : value;
}

/** An Array of numbers, each element read once, as a Float64Array (every binding reads typed arrays). */
function copyNumbers(label, name, value) {
  const length = value.length;
  if (length > MAX_ARRAY) throw poslabError(`${label}: ${name} has ${length} values, above the limit of ${MAX_ARRAY} for one call`, 'too_large', { argument: name, value: length, max: MAX_ARRAY });
  const copy = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const x = value[i];
    if (typeof x !== 'number') {
      throw poslabError(`${label}: ${name}[${i}] must be a number (got ${describe(x)})`, 'wrong_type', {
        argument: name,
        expected: 'number',
        got: describe(x),
        index: i,
      });
    }
    copy[i] = x;
  }
  return copy;
}

/**
 * An options object as a plain object of its declared fields, each read once. Arrays in it are copied as above;
 * any other object becomes an empty one, which the bindings refuse by type as they would the original, without
 * running its traps.
 */
function copyOptions(label, param, value, module) {
  if (value === undefined || value === null) return value;
  const copy = {};
  for (const field of OPTION_FIELDS[param.shape]) {
    const v = value[field];
    if (v === undefined) continue;
    if (v === null || typeof v !== 'object') copy[field] = v;
    else if (Array.isArray(v)) copy[field] = copyNumbers(label, field, v);
    else if (isNumberView(v)) copy[field] = admitBuffer(label, field, v, module);
    else copy[field] = {};
  }
  return copy;
}

/** Checks one argument and returns what the module is given (see the file's header, point 4). */
function admitValue(label, param, value, state, module) {
  if (!KINDS[param.kind](value)) throw wrongType(label, param, value);
  switch (param.kind) {
    case 'name':
      if (value.length > MAX_NAME) throw tooLarge(label, param, value.length, MAX_NAME);
      // Embind encodes a lone surrogate together with the next unit; U+FFFD is what TextEncoder does.
      return value.isWellFormed() ? value : value.toWellFormed();
    case 'text':
    case 'bytes': {
      if (typeof value !== 'string') value = admitBuffer(label, param.name, value, module);
      const length = typeof value === 'string' ? value.length : value.byteLength;
      if (length > MAX_TEXT) throw tooLarge(label, param, length, MAX_TEXT, typeof value === 'string' ? 'characters' : 'bytes');
      return value;
    }
    case 'array':
      if (Array.isArray(value)) return copyNumbers(label, param.name, value);
      if (value.length > MAX_ARRAY) throw tooLarge(label, param, value.length, MAX_ARRAY, 'values');
      return admitBuffer(label, param.name, value, module);
    case 'seed':
      if (typeof value === 'string' && value.length > 64) throw tooLarge(label, param, value.length, 64);
      return value;
    case 'object':
      if ((value === undefined || value === null) && !param.optional) throw wrongType(label, param, value);
      return copyOptions(label, param, value, module);
    case 'function':
      if (value === undefined) return value;
      return (...args) => {
        if (state.callbackError) return false;
        try {
          return value(...args);
        } catch (err) {
          state.callbackError = { err }; // re-thrown once the module has returned; false cancels its loop
          return false;
        }
      };
    default:
      return value;
  }
}

function admit(label, param, value, state, module) {
  try {
    return admitValue(label, param, value, state, module);
  } catch (err) {
    if (raised.has(err)) throw err;
    // A getter, a Proxy trap or a revoked Proxy threw while the argument was read.
    const what = err instanceof Error ? err.message : String(err);
    throw poslabError(`${label}: reading ${param.name} threw: ${elide(what)}`, 'argument_threw', { argument: param.name });
  }
}

function admitAll(label, signature, args, module) {
  if (args.length < signature.min || args.length > signature.max) {
    const expected = signature.min === signature.max ? `${signature.max}` : `${signature.min} to ${signature.max}`;
    throw poslabError(`${label} takes ${expected} arguments (got ${args.length})`, 'argument_count', {
      argument: label,
      value: args.length,
      min: signature.min,
      max: signature.max,
    });
  }
  const state = { callbackError: null };
  const passed = [];
  signature.params.forEach((param, i) => {
    if (i >= args.length) {
      if (param.optional === 'pad') passed.push(undefined);
      return;
    }
    passed.push(admit(label, param, args[i], state, module));
  });
  return { passed, state };
}

/** A parked C++ error, with any long text it quotes cut down. */
function parkedError(error) {
  if (typeof error.message === 'string' && error.message.length > QUOTE * 2) error.message = elide(error.message, QUOTE * 2);
  for (const key of Object.keys(error)) if (typeof error[key] === 'string') error[key] = elide(error[key]);
  return error;
}

/** Whatever escaped the module without being parked. */
function escapedError(label, err) {
  if (err && err.name === 'PoslabError') return err;
  const what = typeof err === 'number' ? 'a C++ exception escaped the bindings' : String(err?.message ?? err);
  return poslabError(`${label} failed inside the module: ${elide(what)}`, 'internal', { argument: label });
}

// Objects running a method right now. Embind's handles count their clones, so the C++ object of a busy handle
// outlives any other handle's delete(); only the busy handle itself must be kept from deleting it.
const busy = new WeakSet();

function deletedError(label) {
  return poslabError(`${label}: this object has been deleted; create a new one`, 'deleted', { argument: label });
}

function busyError(label) {
  return poslabError(`${label}: this object is still running a method (its progress callback called back into it); wait until that method returns`, 'busy', { argument: label });
}

/** The checks every method, property and delete() of an exported class makes on `self` before anything runs. */
function checkObject(label, self, allowedWhileBusy) {
  if (typeof self?.isDeleted !== 'function') return; // not one of the module's objects: Embind names the mistake
  if (self.isDeleted()) throw deletedError(label);
  if (busy.has(self) && !allowedWhileBusy) throw busyError(label);
}

/**
 * The guarded form of one export. method: called on an object (checkObject first, and the object is busy while
 * it runs); whileBusy: may run while its object is busy (a read from inside a progress callback).
 */
function makeCaller(module, label, signature, invoke, raw, { method = false, whileBusy = false } = {}) {
  const slot = module.poslabFailure;
  const caller = function guarded(...args) {
    if (method) checkObject(label, this, whileBusy);
    const { passed, state } = admitAll(label, signature, args, module);
    const entered = method && this != null && !busy.has(this);
    if (entered) busy.add(this);
    const stack = module.stackSave();
    let result;
    try {
      result = invoke(this, passed);
    } catch (err) {
      module.stackRestore(stack);
      slot.error = null;
      throw escapedError(label, err);
    } finally {
      if (entered) busy.delete(this);
    }
    if (slot.error !== null) {
      const error = slot.error;
      slot.error = null;
      throw parkedError(error);
    }
    if (state.callbackError) throw state.callbackError.err;
    return result;
  };
  // Embind's dispatcher of overloads (by argument count) looks its table up on the property it replaced.
  if (raw?.overloadTable) caller.overloadTable = raw.overloadTable;
  return caller;
}

/** What a function or class that the base module does not bind does when it is called: say so. */
function notInPart(name) {
  return function missing() {
    throw poslabError(`${name} is not in the base module this page loaded (only the whole module, poslab.mjs, has it)`, 'not_in_part', { argument: name });
  };
}

/**
 * Wraps the module's exports in place and returns the module. part: 'full' (every export must be there) or
 * 'base' (a module built with only some bindings, CMakeLists.txt: the others become notInPart).
 */
export function guardModule(module, part = 'full') {
  module.poslabFailure = { error: null };
  const absent = (name) => {
    if (part === 'full') return false;
    module[name] = notInPart(name);
    return true;
  };
  for (const [name, text] of Object.entries(FUNCTIONS)) {
    const raw = module[name];
    if (typeof raw !== 'function' && absent(name)) continue;
    if (typeof raw !== 'function') throw new Error(`guard: the module exports no ${name}`);
    module[name] = makeCaller(module, name, parseSignature(text), (self, args) => raw(...args), raw);
  }
  for (const [className, spec] of Object.entries(CLASSES)) {
    const Raw = module[className];
    if (typeof Raw !== 'function' && absent(className)) continue;
    if (typeof Raw !== 'function') throw new Error(`guard: the module exports no ${className}`);
    for (const [method, text] of Object.entries(spec.methods)) {
      const raw = Raw.prototype[method];
      if (typeof raw !== 'function') throw new Error(`guard: ${className} has no method ${method}`);
      const options = { method: true, whileBusy: spec.whileBusy?.includes(method) };
      Raw.prototype[method] = makeCaller(module, `${className}.${method}`, parseSignature(text), (self, args) =>
        raw.apply(self, args), raw, options,
      );
    }
    // Read-only properties run C++ too: their getters go through the same caller (they only read).
    for (const property of spec.properties ?? []) {
      const descriptor = Object.getOwnPropertyDescriptor(Raw.prototype, property);
      if (typeof descriptor?.get !== 'function') throw new Error(`guard: ${className} has no property ${property}`);
      const get = makeCaller(module, `${className}.${property}`, parseSignature(''), (self) => descriptor.get.call(self), null, {
        method: true,
        whileBusy: true,
      });
      Object.defineProperty(Raw.prototype, property, { ...descriptor, get });
    }
    // Embind's own handle methods: a second delete() or a clone() of a deleted object is a PoslabError, and an
    // object may not be deleted while one of its methods runs (a callback deleting the model it trains).
    for (const name of ['delete', 'clone']) {
      const raw = Raw.prototype[name];
      Raw.prototype[name] = function (...args) {
        checkObject(`${className}.${name}`, this, false);
        return raw.apply(this, args);
      };
    }
    // A failed construction leaves an empty C++ object: delete it before throwing.
    const construct = makeCaller(module, `new ${className}`, parseSignature(spec.constructor), (self, args) => {
      const object = new Raw(...args);
      if (module.poslabFailure.error !== null) object.delete();
      return object;
    });
    const Guarded = function (...args) {
      if (!new.target) {
        throw poslabError(`${className} is a class: create one with new ${className}(…)`, 'needs_new', { argument: className });
      }
      return construct(...args);
    };
    Guarded.prototype = Raw.prototype;
    Object.defineProperty(Guarded, 'name', { value: className });
    module[className] = Guarded;
  }
  return module;
}

/** The exported names and their signatures, for the tests (fuzzing) and docs/api.md. */
export const SIGNATURES = { functions: FUNCTIONS, classes: CLASSES, options: OPTION_FIELDS };
