// web/src/charts/plot.css restates the rules Plot writes in a <style> per chart (the CSP refuses those, so
// charts/plot.js removes them). This reads the installed Plot's source: every rule it writes for the charts
// the lab draws (plots, colour ramps, swatch legends without columns) must be in plot.css, declaration for
// declaration, under the class name this Plot uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const plotSource = (file) => readFileSync(new URL(`../../node_modules/@observablehq/plot/src/${file}`, import.meta.url), 'utf8');
const ours = readFileSync(new URL('../../web/src/charts/plot.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** {selector → Set of "property: value"} for the rules of a CSS text (selectors split at commas). */
function rules(css) {
  const found = new Map();
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const declarations = body.split(';').map((d) => d.trim().replace(/\s*:\s*/, ': ')).filter(Boolean);
    for (const selector of selectors.split(/,(?![^(]*\))/).map((s) => s.trim().replace(/\s+/g, ' '))) {
      const set = found.get(selector) ?? new Set();
      for (const d of declarations) set.add(d);
      found.set(selector, set);
    }
  }
  return found;
}

test('plot.css holds every base rule the installed Plot writes inline, under its class name', () => {
  const className = /if \(name === undefined\) return "([^"]+)"/.exec(plotSource('style.js'))[1];
  // The CSS text of each `.text(`…`)` template and of the swatches' wrap rules, with ${className} filled in.
  const templates = [
    ...plotSource('plot.js').matchAll(/append\("style"\)\.text\(\s*`([^`]*)`/g),
    ...plotSource('legends/ramp.js').matchAll(/append\("style"\)\.text\(\s*`([^`]*)`/g),
    ...plotSource('legends/swatches.js').matchAll(/insert\("style", "\*"\)\.text\(\s*`([^`]*)`/g),
    ...plotSource('legends/swatches.js').matchAll(/extraStyle = `(:where\(\.\$\{className\}-swatches-wrap[^`]*)`/g),
  ].map((m) => m[1].replace(/\$\{className\}/g, className).replace(/\$\{extraStyle\}/g, ''));
  assert.equal(templates.length, 4, 'Plot writes its rules somewhere new: read its source again');

  const have = rules(ours);
  let checked = 0;
  for (const template of templates) {
    for (const [selector, declarations] of rules(template)) {
      assert.ok(have.has(selector), `plot.css lacks ${selector}`);
      for (const d of declarations) {
        assert.ok(have.get(selector).has(d), `plot.css lacks "${d}" for ${selector}`);
        checked += 1;
      }
    }
  }
  assert.ok(checked >= 20, `only ${checked} declarations read`);
});
