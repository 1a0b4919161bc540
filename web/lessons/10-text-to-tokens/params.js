// The lesson's parameters, declared once (see web/src/state.js): the window sizes of document 004's
// DataLoader and which text the box starts from. The text itself is not in the link (it can be a whole book).
import { param } from '../../src/state.js';

const L = (name) => `textToTokens.fields.${name}.label`;

export const params = {
  // Document 004: create_dataloader_v1(raw_text, batch_size=8, max_length=4, stride=4, shuffle=False).
  maxLength: param.int({ min: 1, max: 1024, def: 4, argument: 'max_length', label: L('maxLength') }),
  stride: param.int({ min: 1, max: 1024, def: 4, argument: 'stride', label: L('stride') }),
  batchSize: param.int({ min: 1, max: 64, def: 8, argument: 'batch_size', label: L('batchSize') }),
  // Document 000: max_len counts tokens, not words. How many tokens the "what fits" panel keeps.
  fitLen: param.int({ min: 1, max: 4096, def: 16, argument: 'max_len', label: L('fitLen') }),
  // "sample": the lab's own short text in the reader's language; "story": the document's story, downloaded.
  source: param.choice({ options: ['sample', 'story'], def: 'sample', argument: 'source', label: L('source') }),
};
