// training/methods.js — what the training lessons share about their runs: the six positional methods of the
// lab's TinyTransformer, in the order the lessons list them, and the settings every toy-task run trains with.
// Lesson 14 declares its runs from these and lesson 15 borrows the same, so the two cannot drift apart.

/** How a run learns where each token is (the module's `positional` option). */
export const METHODS = ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5'];

/** The toy tasks' symbols: the digits 0–9. */
export const SYMBOLS = 10;

/** Adam's learning rate for the toy tasks, with gradients clipped to norm 1 (torch's clip_grad_norm_). */
export const LEARNING_RATE = 3e-3;
