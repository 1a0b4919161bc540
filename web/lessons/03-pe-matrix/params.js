// The lesson's parameters: the matrix's, declared once in web/src/pe-matrix/params.js, that this lesson's figures
// read (the matrix, the columns drawn as lines, the two positions compared across the dimensions).
import { pick } from '../../src/pe-matrix/params.js';

export const params = pick(['maxLen', 'dModel', 'variant', 'dims', 'shown', 'posA', 'posB']);
