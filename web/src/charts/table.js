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

/**
 * Puts `table` in `host` (alone, in its scroll box): when host already shows a table of the same shape (rows,
 * cells per row, classes), only the caption and the cells that changed are written into it, so a slider's frame
 * lays out and paints only what moved, and a table scrolled sideways keeps its place. Else a new box.
 */
export function showTable(host, table, label) {
  const box = host.firstElementChild;
  const old = box?.classList.contains('table-scroll') && host.childElementCount === 1 ? box.firstElementChild : null;
  if (!old || !sameShape(old, table)) {
    host.replaceChildren(scrollBox(table, label));
    return;
  }
  if (box.getAttribute('aria-label') !== label) box.setAttribute('aria-label', label);
  const caption = table.caption?.textContent ?? '';
  if (old.caption && old.caption.textContent !== caption) old.caption.textContent = caption;
  for (let r = 0; r < table.rows.length; r++) {
    const [from, to] = [table.rows[r].cells, old.rows[r].cells];
    for (let c = 0; c < from.length; c++) {
      // A cell of text is compared as text; one that holds elements (a marked value) as its markup.
      const plain = from[c].childElementCount === 0 && to[c].childElementCount === 0;
      if (plain ? from[c].textContent !== to[c].textContent : from[c].innerHTML !== to[c].innerHTML) to[c].replaceChildren(...from[c].childNodes);
    }
  }
}

function sameShape(a, b) {
  if (a.className !== b.className || a.rows.length !== b.rows.length || !a.caption !== !b.caption) return false;
  for (let r = 0; r < a.rows.length; r++) {
    const [x, y] = [a.rows[r], b.rows[r]];
    if (x.className !== y.className || x.cells.length !== y.cells.length) return false;
    for (let c = 0; c < x.cells.length; c++) if (x.cells[c].className !== y.cells[c].className) return false;
  }
  return true;
}
