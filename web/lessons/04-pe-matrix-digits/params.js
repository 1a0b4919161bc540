// The lesson's parameters: the matrix's, declared once in web/src/pe-matrix/params.js, that this lesson's figures
// read (the rows printed, the two positions of the sines-first layout, the two sizes compared).
import { pick } from '../../src/pe-matrix/params.js';

export const params = pick(['maxLen', 'dModel', 'variant', 'rows', 'posA', 'posB', 'cmpLenA', 'cmpDA', 'cmpLenB', 'cmpDB']);
