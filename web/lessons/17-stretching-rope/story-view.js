// The two paragraphs of the lesson's text that quote computed numbers — how many pairs each method leaves in
// unseen territory, and where the default pair passes its largest trained angle — written from the kernel's
// results at the lesson's default settings (the same compute() as the figures), never typed by hand.
import { t, language } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { el } from '../../src/ui/dom.js';
import { METHODS } from './params.js';

/** "a, b and c" / "a, b y c" (or "a, b or c"), as the lesson's prose writes lists: no comma before "and". */
const list = (items, type = 'conjunction') => new Intl.ListFormat(language() === 'es' ? 'es' : 'en-GB', { type }).format(items);
const capitalised = (text) => text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);

export function storyView() {
  const coverage = el('p', 'stretch-story stretch-story-coverage');
  const pair = el('p', 'stretch-story stretch-story-pair');
  let last = null;

  /** r: the lesson's compute() at its defaults (coverage per method, pairs, original, last, angles.pair…). */
  function draw(r) {
    last = r;
    const lang = language();
    const count = (n) => formatCount(n, lang);
    const first = (m, i) => r.coverage[m].firstUnseenPosition[i];
    // The unseen pairs of each method, with the first position where one shows, in the table's order.
    const methods = METHODS.map((m) => {
      const firsts = [...r.coverage[m].firstUnseenPosition].filter((p) => p >= 0);
      return { m, unseen: [...r.coverage[m].unseen].filter(Boolean).length, position: firsts.length ? Math.min(...firsts) : -1 };
    });
    const leaving = methods.filter((x) => x.unseen > 0);
    const none = methods.filter((x) => x.unseen === 0).map((x) => t(`stretch.story.subject.${x.m}`));
    const parts = leaving.map((x, k) => t(k === 0 ? 'stretch.story.leaves' : 'stretch.story.leavesMore', {
      method: t(`stretch.story.subject.${x.m}`), count: x.unseen, pairs: r.pairs, position: count(x.position),
    }));
    if (none.length) parts.push(t('stretch.story.leavesNone', { methods: list(none), count: none.length }));
    coverage.textContent = t('stretch.story.coverage', { original: count(r.original), longer: count(r.longer), methods: parts.join('; ') });

    // The default pair: where each method first takes it past the largest angle it reached in training.
    const i = r.angles.pair;
    const crossing = METHODS.filter((m) => first(m, i) >= 0).sort((a, b) => first(a, i) - first(b, i));
    const never = METHODS.filter((m) => first(m, i) < 0).map((m) => t(`stretch.story.subject.${m}`));
    const crossings = crossing.map((m, k) => t(k === 0 ? 'stretch.story.crossFirst' : 'stretch.story.crossMore', { with: t(`stretch.story.with.${m}`), position: count(first(m, i)) }));
    if (never.length) crossings.push(t('stretch.story.crossNever', { methods: list(never, 'disjunction'), last: count(r.last) }));
    pair.textContent = [
      t('stretch.story.pairIntro', { pair: i, wavelength: count(Math.round(r.angles.wavelength)) }),
      `${capitalised(crossings.join('; '))}.`,
      t('stretch.story.tryOthers'),
    ].join(' ');
  }
  return { coverage, pair, draw, relabel: () => last && draw(last) };
}
