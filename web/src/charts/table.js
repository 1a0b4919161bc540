// charts/table.js — every chart can also be read as numbers: an accessible <table> with a caption, row and
// column headers (th with scope), and, for big matrices, only a window of it plus a note that says so.

/**
 * caption: string; corner: text of the top-left header; columns: header strings;
 * rows: [{header, cells: strings or nodes, className?, label?}] (label: extra screen-reader text for the row header).
 */
export function dataTable({ caption, corner = '', columns, rows }) {
  const table = document.createElement('table');
  table.className = 'data-table';
  const cap = document.createElement('caption');
  cap.textContent = caption;
  table.append(cap);

  const head = table.createTHead().insertRow();
  const cornerCell = document.createElement('th');
  cornerCell.scope = 'col';
  cornerCell.textContent = corner;
  head.append(cornerCell);
  for (const column of columns) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = column;
    head.append(th);
  }

  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    if (row.className) tr.className = row.className;
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = row.header;
    if (row.label) {
      const extra = document.createElement('span');
      extra.className = 'row-label';
      extra.textContent = row.label;
      th.append(' ', extra);
    }
    tr.append(th);
    for (const cell of row.cells) tr.insertCell().append(cell); // a string, or nodes for richer cells
  }
  return table;
}

/** Wraps a table so that a wide one scrolls inside its box instead of widening the page (phones). */
export function scrollBox(table, label) {
  const box = document.createElement('div');
  box.className = 'table-scroll';
  // Focusable and named, so keyboard users can scroll it and screen readers announce what it holds.
  box.tabIndex = 0;
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', label);
  box.append(table);
  return box;
}
