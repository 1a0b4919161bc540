// A stand-in for the module's TinyTransformer, for the training runs' own logic (run.js, language.js): its k-th
// step gives the loss losses[k] and the gradient norm norms[k] (then finite values), and `log` counts Adam steps.
export function fakeModule({ losses = [], norms = [] }) {
  const log = { adamSteps: 0 };
  class TinyTransformer {
    constructor() {
      this.calls = 0;
    }
    parameterCount() {
      return 10;
    }
    loss() {
      this.calls += 1;
      return losses[this.calls - 1] ?? 2.3;
    }
    adamStep() {
      log.adamSteps += 1;
    }
    get lastGradientNorm() {
      return norms[this.calls - 1] ?? 0.5;
    }
    delete() {}
  }
  return { poslab: { TinyTransformer }, log };
}
