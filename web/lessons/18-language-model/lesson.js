// Lesson 18 — a language model that reads further than it learned: the ALiBi paper's Figure 1 at classroom
// scale. Up to six character-level language models, one per positional method, train on windows of L
// characters (runSet, one worker each, as many at a time as the machine has cores); then each is measured on
// the validation text read in segments of L/2 … 8L, and continues the student's prompt past L. No maths here:
// the workers' module computes it all (training/language.js).
import { language } from '../../src/i18n.js';
import { downloadStory } from '../10-text-to-tokens/story.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { trainingLesson } from '../../src/training/training-lesson.js';
import { inferenceLengths, PRESETS } from '../../src/training/language.js';
import { params, trainingParams, presets, RUN_IDS, SIZES } from './params.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';
import { labText } from './lab-text.js';
import { textView } from './text-view.js';
import { resultView } from './result-view.js';
import { writeView } from './write-view.js';
import { findingsView } from './findings-view.js';
import './language-model.css';

export { params };

/** The training views (web/src/training) speak with lesson 14's strings. */
export const sharedStrings = ['14-train-transformer'];

// The lessons' own texts, bundled at build time (so the lesson needs no network), this lesson's own left out: its
// text quotes the results the models are asked to produce.
const lessonTexts = import.meta.glob('../*/*.md', { query: '?raw', import: 'default' });
async function loadLabText(lang) {
  // Vite names this folder's own files './…', the others '../NN-slug/…'.
  const mine = Object.keys(lessonTexts).filter((path) => path.startsWith('../') && path.endsWith(`/${lang}.md`));
  return labText(await Promise.all(mine.map(async (path) => [path, await lessonTexts[path]()])));
}

export function mount({ initial, save }) {
  let text = null; // the text the next Train reads (null: none usable)
  let source = 'lab';
  const texts = textView({
    onText: (value) => {
      text = value;
      lesson?.setup.setStale(lesson.runs.trained(lesson.active()).length > 0);
    },
    onSource: (name) => useSource(name),
  });
  const result = resultView();
  const writer = writeView({ onValue: (name, value) => lesson.propose(name, value), onWrite: (prompt) => write(prompt) });
  const findings = findingsView();
  const check = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });

  async function useSource(name) {
    source = name;
    texts.loading();
    try {
      const value = name === 'story' ? await downloadStory() : await loadLabText(language());
      if (source === name) texts.take(value, name);
    } catch (err) {
      texts.refuse(err);
    }
  }

  let trainedLength = null;
  const lesson = trainingLesson({
    initial, save, params, trainingParams, prefix: 'lm.fields', runs: RUN_IDS, presets, runTexts: 'lm.run', charts: ['loss'],
    layout: [...RUN_IDS.map((id) => [id, 'select']), ['trainLength', 'slider'], ['model', 'select'], ['steps', 'text'], ['seed', 'text']],
    settings: (view, method) => ({
      kind: 'language', text: text ?? '', positional: method, preset: 'small', seed: view.seed,
      ...SIZES[view.model], trainLength: view.trainLength, lr: PRESETS.small.lr,
    }),
    evalLengths: () => [],
    beforeTrain: () => {
      result.draw(null);
      writer.say('untrained');
    },
    // Every inference length of the view the training started from, on the validation text's segments.
    async afterTrain(asked) {
      const { runs } = lesson;
      const ids = runs.trained(lesson.active());
      if (!ids.length) return;
      const lengths = inferenceLengths(asked.trainLength);
      const measured = await Promise.all(ids.map(async (id) => ({ id, method: runs.runs[id].method, evaluations: await runs.ask(id, 'evaluate', { lengths }) })));
      trainedLength = asked.trainLength;
      result.draw({ trainLength: asked.trainLength, runs: measured });
      writer.say('ready');
    },
    extraFields: writer.fields,
    relabel() {
      // The lab's texts are read in the page's language.
      if (source === 'lab') useSource('lab');
      texts.relabel();
      result.relabel();
      writer.relabel();
      findings.relabel();
      check.relabel();
    },
    resized: () => result.relabel(),
  });
  const { view, runs } = lesson;

  let writing = 0;
  /** Every trained run continues the prompt, in its own worker, side by side. */
  async function write(prompt) {
    const ids = runs.trained(lesson.active());
    if (!ids.length || trainedLength === null) return;
    const mine = ++writing;
    writer.setBusy(true);
    writer.say('writing');
    const options = view.decoding === 'greedy' ? { temperature: 0 } : { temperature: view.temperature, topK: view.topK, seed: view.drawSeed };
    const written = await Promise.all(ids.map(async (id) => {
      const method = runs.runs[id].method;
      try {
        return { id, method, prompt, ...(await runs.ask(id, 'generate', { prompt, count: view.count, options })) };
      } catch (err) {
        return { id, method, prompt, error: err };
      }
    }));
    writer.setBusy(false);
    if (mine === writing) writer.draw({ trainLength: trainedLength, runs: written });
  }

  useSource('lab');
  const widgets = { text: texts.element, setup: lesson.setup.element, curves: lesson.curves.element, result: result.element, write: writer.element, output: writer.output, findings: findings.element, quiz: check.element };
  // The setup's fields change what Train draws (the curves, the perplexity at every length); the writing
  // panel's, what the models write.
  return lesson.lifecycle(widgets, { setup: ['curves', 'result'], write: ['output'] });
}
