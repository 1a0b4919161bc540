// The shapes, as document 004 prints them; when the tables do not broadcast, PyTorch's RuntimeError in place of
// the sum's shape.
import { t } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { ROWS, LENGTH } from './batch.js';

export function shapesView() {
  const { element, title } = titledPanel('lp-shapes', 'lp-shapes-title');
  const printed = el('pre', 'lp-shapes-text');
  printed.tabIndex = 0; // it scrolls sideways on a phone: reachable from the keyboard
  const note = el('p', 'table-note');
  element.append(printed, note);

  /** failure: kernel.learnedPositions' failure for `view` (null when the tables broadcast). */
  function draw({ failure }, { dModel: d, contextLength }) {
    printed.textContent = [
      `embedding_layer.weight.shape  torch.Size([50257, ${d}])`,
      `inputs.shape                  torch.Size([${ROWS}, ${LENGTH}])`,
      `tokens_embeddings.shape       torch.Size([${ROWS}, ${LENGTH}, ${d}])`,
      `pos_embeddings.shape          torch.Size([${contextLength}, ${d}])`,
      failure ? `input_embeddings              RuntimeError: ${failure.message}`
        : `input_embeddings.shape        torch.Size([${ROWS}, ${LENGTH}, ${d}])`,
    ].join('\n');
    note.textContent = failure ? describeError(failure) : t('learnedPositions.shapes.note', { d });
  }

  const relabel = () => {
    title.textContent = t('learnedPositions.shapes.title');
  };
  relabel();
  return { element, relabel, draw };
}
