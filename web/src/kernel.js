// kernel.js — the page's only door to WebAssembly (kernel/*.js hold its calls by subject).
// It picks the SIMD or the scalar build with feature detection, loads it once, and hands lessons a small
// wrapper whose calls return plain objects ({rows, cols, data}) and throw Errors that the page can translate.
import { t, has, language } from './i18n.js';
import { formatInText } from './format.js';
import { startModule } from './kernel/call.js';
import { encodingCalls } from './kernel/encodings.js';
import { attentionCalls } from './kernel/attention.js';
import { biasCalls } from './kernel/biases.js';
import { textCalls } from './kernel/text.js';

export { createTrainer, createTransformerRun } from './kernel/workers.js';

const loading = {}; // part → the promise of its kernel

/**
 * Loads a numerics module once per page, its files all downloading at once (kernel/call.js startModule):
 * part 'base' (the positional encodings, attention and the requirements: what the lessons of lessons.js
 * kernelPart need) or 'full' (everything). The whole module serves every lesson, so once it is asked for, a
 * lesson of the base gets it too. The kernel's calls are the same object either way; in the base module the
 * functions it does not bind throw a PoslabError (code not_in_part).
 * @vite-ignore: Vite must not try to bundle it, the module is a build product copied to dist/wasm/.
 */
export function loadKernel(part = 'full') {
  if (part === 'base' && loading.full) return loading.full;
  loading[part] ??= (async () => {
    const { url, options, instantiated } = startModule(part);
    const factory = (await import(/* @vite-ignore */ url)).default;
    const [m] = await Promise.all([factory(options), instantiated]);
    const info = m.buildInfo();
    return {
      simd: Boolean(info.simd),
      version: String(info.version),
      ...encodingCalls(m),
      ...attentionCalls(m),
      ...biasCalls(m),
      ...textCalls(m),
    };
  })();
  return loading[part];
}

/**
 * Turns a kernel error (or one built the same way by the page, see state.js) into a sentence in the
 * current language. The error's `code` picks the template errors.<code>; its `argument`, `value`, `min`,
 * `max`, `expected` and `index` fill the {placeholders}. Unknown errors keep their English message.
 */
export function describeError(err) {
  let code = err && err.code;
  // A code may have a wording for one argument (errors.too_large_text): a text is not a matrix.
  if (code && err.argument && has(`errors.${code}_${err.argument}`)) code = `${code}_${err.argument}`;
  if (!code || !has(`errors.${code}`)) return err && err.message ? err.message : String(err);
  const argument = err.argument && has(`arguments.${err.argument}`) ? t(`arguments.${err.argument}`) : err.argument;
  // {Argument} starts a sentence. Identifiers shown as they are written in code (max_len, d_model) keep
  // their lower case; words ("the formula") get a capital.
  const isIdentifier = argument === err.argument;
  const Argument = argument && !isIdentifier ? argument[0].toLocaleUpperCase() + argument.slice(1) : argument;
  return t(`errors.${code}`, {
    argument,
    Argument,
    // Numbers as the hints write them: grouped by language, with a true minus sign. A value the reader typed
    // (text) is quoted as typed.
    value: typeof err.value === 'number' ? formatInText(err.value, language()) : err.value,
    min: formatInText(err.min, language()),
    max: formatInText(err.max, language()),
    expected: err.expected,
    index: err.index,
    first: err.first,
    word: err.word,
  });
}
