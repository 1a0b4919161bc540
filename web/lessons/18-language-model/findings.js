// "What we found", computed from the reference notebook's PyTorch runs (tests/golden/language_model.json, read at
// build time): the same models as the lesson's first preset, trained on the documents' story, one run per seed.
// The numbers and every sentence that ranks the methods come from that file, so when it gains seeds the text
// follows. Pure: the tests rebuild the same summary from the same file.
import golden from '../../../tests/golden/language_model.json' with { type: 'json' };
import { METHODS } from '../../src/training/language.js';

export { golden };

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The first preset's perplexities over the notebook's seeds: {seeds, trainLength, lengths, methods: {method:
 * {mean: [per length, null where the table has no row], min, max}}}, and the sentences' facts: the method
 * lowest at 8L, the highest, the sinusoidal code's jump from L to 2L, ALiBi's largest change from L to 8L.
 */
export function findings(data = golden) {
  const small = data.figure_one.small;
  const lengths = small.lengths;
  // In the lesson's order of methods (the file's keys are sorted).
  const methods = Object.fromEntries(METHODS.filter((m) => small.perplexity[m]).map((method) => [method, small.perplexity[method]]).map(([method, perSeed]) => {
    const at = (i) => perSeed.map((row) => row[i]).filter((x) => x !== null && x !== undefined);
    return [method, {
      mean: lengths.map((_, i) => (at(i).length ? mean(at(i)) : null)),
      min: lengths.map((_, i) => (at(i).length ? Math.min(...at(i)) : null)),
      max: lengths.map((_, i) => (at(i).length ? Math.max(...at(i)) : null)),
    }];
  }));
  const L = small.train_length;
  const iL = lengths.indexOf(L);
  const last = lengths.length - 1;
  const reading = Object.keys(methods).filter((m) => methods[m].mean[last] !== null);
  const byLongest = [...reading].sort((a, b) => methods[a].mean[last] - methods[b].mean[last]);
  const alibi = methods.alibi.mean;
  return {
    seeds: small.seeds.length,
    trainLength: L,
    lengths,
    methods,
    best: byLongest[0],
    worst: byLongest.at(-1),
    sinusoidalJump: methods.sinusoidal.mean[iL + 1] / methods.sinusoidal.mean[iL],
    alibiChange: Math.max(...alibi.slice(iL).map((x) => Math.abs(x / alibi[iL] - 1))),
  };
}
