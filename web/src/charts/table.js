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
 * Puts `table` in `host` (alone, in its scroll box). When host already shows a table of the same kind (class,
 * caption, sections), that table is made into the new one in place: the cells that changed are written, rows and
 * cells that are new are moved in, those no longer there are removed. So a slider's frame styles, lays out and
 * paints what moved, not a whole new table, and a table scrolled sideways keeps its place. Else a new box.
 */
export function showTable(host, table, label) {
  const box = host.firstElementChild;
  const old = box?.classList.contains('table-scroll') && host.childElementCount === 1 ? box.firstElementChild : null;
  if (!old || !sameKind(old, table)) {
    host.replaceChildren(scrollBox(table, label));
    return;
  }
  if (box.getAttribute('aria-label') !== label) box.setAttribute('aria-label', label);
  const caption = table.caption?.textContent ?? '';
  if (old.caption && old.caption.textContent !== caption) old.caption.textContent = caption;
  const sections = (t) => [t.tHead, ...t.tBodies, t.tFoot].filter(Boolean);
  const into = sections(old);
  sections(table).forEach((section, k) => morph(into[k], section, (row, fresh) => morph(row, fresh, updateCell)));
}

/** Tables one can be made into the other in place: the same class, a caption or not, the same sections. */
function sameKind(a, b) {
  return a.className === b.className && !a.caption === !b.caption && !a.tHead === !b.tHead && !a.tFoot === !b.tFoot && a.tBodies.length === b.tBodies.length;
}

/**
 * Makes the children of `into` those of `from`: each pair at the same index with the same tag and attributes is
 * kept and handed to `keep(old, fresh)`; any other new child is moved in, and the old ones left over removed.
 */
function morph(into, from, keep) {
  const fresh = Array.from(from.children);
  fresh.forEach((child, i) => {
    const old = into.children[i];
    if (!old) into.append(child);
    else if (sameAttributes(old, child)) keep(old, child);
    else old.replaceWith(child);
  });
  while (into.children.length > fresh.length) into.lastElementChild.remove();
}

/** A kept cell takes the new one's content when it differs: text compared as text, elements as markup. */
function updateCell(to, from) {
  const plain = from.childElementCount === 0 && to.childElementCount === 0;
  if (plain ? from.textContent !== to.textContent : from.innerHTML !== to.innerHTML) to.replaceChildren(...from.childNodes);
}

function sameAttributes(a, b) {
  if (a.tagName !== b.tagName || a.attributes.length !== b.attributes.length) return false;
  for (const { name, value } of a.attributes) if (b.getAttribute(name) !== value) return false;
  return true;
}
