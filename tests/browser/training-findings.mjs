// The measured tables of lesson 15's "What we found", as the page prints them, for the tests of the sentences that
// quote or rank them (lesson 15's comparison with the published study, lesson 16's ALiBi): a sentence that
// ranks methods must agree with the numbers the lab printed. Not a test file.

/** The methods in the tables' row order (the row headers are translated). */
export const FINDINGS_METHODS = ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5'];

/**
 * Opens lesson 15 with `open` (a useLesson helper) in `lang` and reads its two tables: [small, patient], each
 * {lengths: [4, 8, …], at(method, length) → [low, high] (one number: low = high) or null ("no row")}.
 */
export async function longerThanSeenFindings(open, lang) {
  const { page, context } = await open(`#/longer-than-seen?lang=${lang}`);
  const tables = await page.$$eval('details.train-findings table', (all) => all.map((table) => [...table.rows].map((r) => [...r.cells].map((c) => c.textContent.trim()))));
  await context.close();
  return tables.map(([header, ...rows]) => {
    const lengths = header.slice(1).map((h) => Number.parseInt(h, 10));
    return {
      lengths,
      at(method, length) {
        const cell = rows[FINDINGS_METHODS.indexOf(method)][1 + lengths.indexOf(length)];
        if (!/^\d/.test(cell)) return null;
        const [low, high = low] = cell.split('–').map(Number);
        return [low, high];
      },
    };
  });
}

/** A paragraph of the lesson's text that contains `words`, with its line breaks as spaces. */
export async function paragraphWith(page, words) {
  const texts = await page.$$eval('#lesson p', (ps) => ps.map((p) => p.textContent.replace(/\s+/g, ' ').trim()));
  const found = texts.filter((text) => text.includes(words));
  if (found.length !== 1) throw new Error(`${found.length} paragraphs contain “${words}”`);
  return found[0];
}
