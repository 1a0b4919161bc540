// A long array shown the way PyTorch prints it: its first three and last three entries with "…" between,
// as a table whose header holds the indices. Presentation only.
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatValue } from '../../src/format.js';

/** Indices 0 … n−1, or the first three and last three with null for the gap. */
export function endIndices(n) {
  if (n <= 7) return Array.from({ length: n }, (_, i) => i);
  return [0, 1, 2, null, n - 3, n - 2, n - 1];
}

/** rows: [{header, at(i) → number or string}] over the same indices. */
export function endsTable({ caption, corner, n, rows, format = formatValue }) {
  const picked = endIndices(n);
  const table = dataTable({
    caption,
    corner,
    columns: picked.map((i) => (i === null ? '…' : String(i))),
    rows: rows.map((row) => ({
      header: row.header,
      cells: picked.map((i) => {
        if (i === null) return '…';
        const v = row.at(i);
        return typeof v === 'number' ? format(v) : v;
      }),
    })),
  });
  return scrollBox(table, caption);
}
