// How lesson 05's matrices print, as their documents printed them: tensors with PyTorch's notation (chosen from
// the values shown), NumPy arrays by NumPy's rules (one notation for the whole array). For matrixTable's makeFormat.
import { tensorFormatter, numpyArrayFormatter } from '../../src/format-torch.js';

export const printedAs = (style) => (shown, matrix) =>
  style === 'tensor' ? tensorFormatter(shown) : numpyArrayFormatter(matrix.data, matrix.rows, matrix.cols);
