// cpp/wasm/guard.mjs — the module's JavaScript boundary. It wraps every exported function and method so that
//   1. arguments are checked by type before anything reaches WebAssembly (a wrong type is a PoslabError with
//      code wrong_type, never Embind's BindingError or a TypeError; a wrong count is argument_count);
//   2. a C++ error, which the bindings park in Module.poslabFailure instead of throwing through C++ frames
//      (cpp/wasm/bridge.hpp says why), is thrown here, after the module has returned cleanly;
//   3. anything else that escapes (a trap, a bare C++ exception number) restores the stack pointer and becomes
//      a PoslabError too, so nothing is lost and the module keeps working.
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

// name: "arg:kind arg:kind?" — `?` optional (an Embind overload by count), `=` optional (passed as undefined).
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
  selfAttention: 'x:array seq_len:number dim:number options:object?',
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
  ropeInvFreq: 'options:object method:name',
  ropeAngles: 'options:object method:name position:number',
  yarnParameters: 'options:object',
  angleCoverage: 'options:object method:name last_position:number',
  extendedLastPosition: 'original_length:number factor:number',
  ntkAwareBase: 'dim:number base:number factor:number',
  dynamicNtkBase: 'options:object',
  ropeDecayBound: 'dim:number base:number max_distance:number',
  ropeDecayBoundOf: 'inv_freq:array max_distance:number',
  learnedPositions:
    'ids:array rows:number length:number vocab_size:number dim:number context_length:number seed:seed loader_draw:boolean',
};

const CLASSES = {
  SkipGram: {
    constructor: 'options:object=',
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
  },
  TinyTransformer: {
    constructor: 'config:object',
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
      adamStep: 'options:object=',
      attentionWeights: 'ids:array length:number',
    },
    properties: ['adamSteps', 'lastGradientNorm'],
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
    const kind = optional ? rawKind.slice(0, -1) : rawKind;
    if (!KINDS[kind]) throw new Error(`guard: unknown kind ${kind}`);
    return { name, kind, optional };
  });
  return { params, min: params.filter((p) => !p.optional).length, max: params.length };
}

function poslabError(message, code, fields) {
  const error = new Error(message);
  error.name = 'PoslabError';
  error.code = code;
  Object.assign(error, fields);
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

/** Checks one argument; returns the value to pass on (a name made well-formed, a callback that never throws). */
function admit(label, param, value, state) {
  if (!KINDS[param.kind](value)) throw wrongType(label, param, value);
  switch (param.kind) {
    case 'name':
      if (value.length > MAX_NAME) throw tooLarge(label, param, value.length, MAX_NAME);
      // Embind encodes a lone surrogate together with the next unit; U+FFFD is what TextEncoder does.
      return value.isWellFormed() ? value : value.toWellFormed();
    case 'text':
    case 'bytes': {
      const length = typeof value === 'string' ? value.length : value.byteLength;
      if (length > MAX_TEXT) throw tooLarge(label, param, length, MAX_TEXT, typeof value === 'string' ? 'characters' : 'bytes');
      return value;
    }
    case 'array':
      if (value.length > MAX_ARRAY) throw tooLarge(label, param, value.length, MAX_ARRAY, 'values');
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (typeof value[i] !== 'number') {
            throw poslabError(`${label}: ${param.name}[${i}] must be a number (got ${describe(value[i])})`, 'wrong_type', {
              argument: param.name,
              expected: 'number',
              got: describe(value[i]),
              index: i,
            });
          }
        }
      }
      return value;
    case 'seed':
      if (typeof value === 'string' && value.length > 64) throw tooLarge(label, param, value.length, 64);
      return value;
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

function admitAll(label, signature, args) {
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
    passed.push(admit(label, param, args[i], state));
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

function makeCaller(module, label, signature, invoke, raw) {
  const slot = module.poslabFailure;
  const caller = function guarded(...args) {
    const { passed, state } = admitAll(label, signature, args);
    const stack = module.stackSave();
    let result;
    try {
      result = invoke(this, passed);
    } catch (err) {
      module.stackRestore(stack);
      slot.error = null;
      throw escapedError(label, err);
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

/** Wraps the module's exports in place and returns the module. */
export function guardModule(module) {
  module.poslabFailure = { error: null };
  for (const [name, text] of Object.entries(FUNCTIONS)) {
    const raw = module[name];
    if (typeof raw !== 'function') throw new Error(`guard: the module exports no ${name}`);
    module[name] = makeCaller(module, name, parseSignature(text), (self, args) => raw(...args), raw);
  }
  for (const [className, spec] of Object.entries(CLASSES)) {
    const Raw = module[className];
    if (typeof Raw !== 'function') throw new Error(`guard: the module exports no ${className}`);
    for (const [method, text] of Object.entries(spec.methods)) {
      const raw = Raw.prototype[method];
      if (typeof raw !== 'function') throw new Error(`guard: ${className} has no method ${method}`);
      Raw.prototype[method] = makeCaller(module, `${className}.${method}`, parseSignature(text), (self, args) =>
        raw.apply(self, args), raw,
      );
    }
    // Read-only properties run C++ too: their getters go through the same caller.
    for (const property of spec.properties ?? []) {
      const descriptor = Object.getOwnPropertyDescriptor(Raw.prototype, property);
      if (typeof descriptor?.get !== 'function') throw new Error(`guard: ${className} has no property ${property}`);
      const get = makeCaller(module, `${className}.${property}`, parseSignature(''), (self) => descriptor.get.call(self));
      Object.defineProperty(Raw.prototype, property, { ...descriptor, get });
    }
    // A failed construction leaves an empty C++ object: delete it before throwing.
    const construct = makeCaller(module, `new ${className}`, parseSignature(spec.constructor), (self, args) => {
      const object = new Raw(...args);
      if (module.poslabFailure.error !== null) object.delete();
      return object;
    });
    const Guarded = function (...args) {
      if (!new.target) throw new TypeError(`${className} must be called with new`);
      return construct(...args);
    };
    Guarded.prototype = Raw.prototype;
    Object.defineProperty(Guarded, 'name', { value: className });
    module[className] = Guarded;
  }
  return module;
}

/** The exported names and their signatures, for the tests (fuzzing) and the README. */
export const SIGNATURES = { functions: FUNCTIONS, classes: CLASSES };
