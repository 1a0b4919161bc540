// "Show the numbers" under a figure of this lesson that is not a chart (the requirements, the far angles): a
// closed <details> whose table is built only while it is open, as charts/figure.js builds a chart's, so that a
// closed one holds nothing to lay out or to focus.
import { disclosure } from '../../src/ui/dom.js';

export function numbersDisclosure(className) {
  const { element: details, summary, body: tableHost } = disclosure(`chart-table ${className}`);
  let build = null;
  const fill = () => {
    if (details.open && build) tableHost.replaceChildren(build());
  };
  details.addEventListener('toggle', fill);
  return {
    element: details,
    /** label: the summary's text; builder() → the element to show (a scrollBox with its table). */
    show(label, builder) {
      summary.textContent = label;
      build = builder;
      if (!details.open) tableHost.replaceChildren();
      fill();
    },
  };
}
