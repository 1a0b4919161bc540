// Lesson "pe-matrix": document 001's two figures (the sines of positions 2 and 10 across the
// dimensions, E001-2) with either formula and the lesson's formula selector in view over them, document 003's
// plot (E003-5) and remarks (with links to the lessons on what models use today), checked on the page, in both
// languages, against notebooks 001 and 003. Its digits and its shape are pe-matrix-digits.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLesson, openTable, field, frames, followLessonLinks, LESSON_IDS } from './browser.mjs';
import { formatValue } from '../../web/src/format.js';

const golden = JSON.parse(readFileSync(new URL('../golden/doc001.json', import.meta.url), 'utf8'));
const golden003 = JSON.parse(readFileSync(new URL('../golden/doc003.json', import.meta.url), 'utf8'));
const { open } = useLesson('pe-matrix');
const cells = (page, selector) => page.$$eval(`${selector} tbody tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));

for (const [lang, wrongWay, gpt2, shape] of [
  ['en', /it is the other way round/, /GPT-2 does not use this formula/, /which is 100 × 512/],
  ['es', /es al revés/, /GPT-2 no usa esta fórmula/, /que es 100 × 512/],
]) {
  test(`${lang}: document 001's figures, the sines of positions 2 and 10 across 512 columns, are notebook 001's (literal loop)`, async () => {
    const { page, problems, context } = await open(`#/pe-matrix?lang=${lang}&variant=literal&dModel=512&maxLen=20`);
    await openTable(page, '.across-chart');
    const rows = await cells(page, '.across-chart details');
    assert.equal(rows.length, 256);
    const { pos2, pos10 } = golden['E001-2'];
    for (const k of [0, 1, 2, 100, 255]) {
      assert.equal(rows[k][0], String(2 * k));
      assert.equal(rows[k][1], formatValue(pos2[2 * k]), `column ${2 * k}, position 2`);
      assert.equal(rows[k][2], formatValue(pos10[2 * k]), `column ${2 * k}, position 10`);
    }
    // Other positions, other formula: the chart follows.
    await field(page, 'posB').fill('50');
    await page.locator('.across-chart figcaption', { hasText: '50' }).waitFor();
    // Document 003's remarks are answered where its material is.
    const text = await page.textContent('.lesson');
    assert.match(text, wrongWay);
    assert.match(text, gpt2);
    assert.match(text, shape);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/** The printed number and half a unit of its last printed digit ("-0.41615" → 5e-6, "1.0366e-04" → 5e-9). */
function printed(text) {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  assert.ok(match, `"${text}" is not a printed number`);
  return { value: Number(text), half: 0.5 * 10 ** (Number(match[4] ?? 0) - (match[3]?.length ?? 0)) };
}

for (const [lang, paperName] of [['en', /\(paper formula\)$/], ['es', /\(fórmula del artículo\)$/]]) {
  test(`${lang}: document 001's "one position across the dimensions" with the paper's formula: notebook 001's rows 2 and 10, and float64`, async () => {
    const { page, problems, context } = await open(`#/pe-matrix?lang=${lang}&variant=paper&dModel=512&maxLen=20`);
    assert.match(await page.textContent('.across-chart figcaption'), paperName);
    await openTable(page, '.across-chart');
    const rows = await cells(page, '.across-chart details');
    assert.equal(rows.length, 256);
    // Notebook 001's vectorised matrix (E001-5, PyTorch float32) holds rows 2 and 10 of the same 20 × 512 matrix.
    const pe = golden['E001-5'].pe;
    for (const k of [0, 1, 2, 37, 100, 200, 255]) {
      const j = 2 * k;
      assert.equal(rows[k][0], String(j));
      for (const [cell, pos] of [[rows[k][1], 2], [rows[k][2], 10]]) {
        const shown = printed(cell);
        // Each printed value is the notebook's to its printed digits, plus what PyTorch's float32 pipeline adds
        // (div_term and pos · div_term rounded: a few 1e-8 of the angle, then sin rounded once)…
        const torch = pe[pos][j];
        const angle = pos / 10000 ** (j / 512);
        assert.ok(Math.abs(shown.value - torch) <= shown.half + 3e-7 * angle + 6e-8, `column ${j}, position ${pos}: ${cell} vs PyTorch ${torch}`);
        // …and the paper's formula in double precision, sin(pos / 10000^(2k/512)), to its printed digits.
        const exact = Math.sin(pos / 10000 ** (j / 512));
        assert.ok(Math.abs(shown.value - exact) <= shown.half + 6e-8 * Math.abs(exact), `column ${j}, position ${pos}: ${cell} vs ${exact}`);
      }
    }
    // The literal loop (document 001's own) halves the wavelength budget: column 100 of position 10 differs.
    assert.notEqual(rows[50][2], formatValue(golden['E001-2'].pos10[100]));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`${lang}: the lesson's one formula selector stays on screen over document 001's figure and redraws it (keyboard, link, presets)`, async () => {
    const { page, problems, context } = await open(`#/pe-matrix?lang=${lang}&variant=paper&dModel=512&maxLen=20`);
    // One selector for the whole lesson, which names document 001's figure among those it redraws.
    assert.equal(await page.locator('#lesson .field select').count(), 1);
    const main = field(page, 'variant', 'select');
    const figureId = await page.locator('.panel.across').getAttribute('id');
    assert.ok((await main.getAttribute('aria-controls')).split(' ').includes(figureId), 'aria-controls names the figure');
    // Scrolled to the figure, the selector is on screen too (it stays in the strip over the lesson's figures).
    await page.locator('.across-chart svg[role="img"]').scrollIntoViewIfNeeded();
    const box = await main.boundingBox();
    const height = page.viewportSize().height;
    assert.ok(box.y >= 0 && box.y + box.height <= height, `the selector at ${Math.round(box.y)} px, the screen ${height} px high`);
    // By keyboard: focus it and move to the next option (literal).
    await main.focus();
    await page.keyboard.press('ArrowDown');
    await page.locator('.across-chart figcaption').filter({ hasText: lang === 'en' ? /\(literal formula\)$/ : /\(fórmula literal\)$/ }).waitFor();
    assert.equal(await main.inputValue(), 'literal');
    await page.locator('.heatmap figcaption').filter({ hasText: lang === 'en' ? 'literal formula' : 'fórmula literal' }).waitFor();
    await page.waitForFunction(() => /variant=literal(&|$)/.test(location.href));
    // The literal loop's figures are document 001's (E001-2), column 2 of position 2 and 10.
    await openTable(page, '.across-chart');
    const rows = await cells(page, '.across-chart details');
    assert.equal(rows[1][1], formatValue(golden['E001-2'].pos2[2]));
    assert.equal(rows[1][2], formatValue(golden['E001-2'].pos10[2]));
    // The presets move it too.
    await page.getByRole('button', { name: lang === 'en' ? /^As in the textbook paper/ : /^Como en el libro de texto del artículo/ }).click();
    await page.locator('.across-chart figcaption').filter({ hasText: lang === 'en' ? /\(paper formula\)$/ : /\(fórmula del artículo\)$/ }).waitFor();
    assert.equal(await main.inputValue(), 'paper');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`${lang}: the blog post's button draws columns 4 to 7 over 20 positions, and the page says which and why (E003-5)`, async () => {
    const { page, problems, context } = await open(`#/pe-matrix?lang=${lang}`);
    await page.getByRole('button', { name: lang === 'en' ? /^As in the blog post/ : /^Como en la entrada de blog/ }).click();
    await page.waitForFunction(() => /dims=4,5,6,7/.test(location.href) && /shown=20/.test(location.href));
    assert.equal(await field(page, 'dims').inputValue(), '4,5,6,7');
    await openTable(page, '.lines');
    const head = await page.$$eval('.lines details thead th', (ths) => ths.map((th) => th.textContent.trim()));
    assert.deepEqual(head.slice(1), ['dim 4', 'dim 5', 'dim 6', 'dim 7']);
    // Row 1 of those columns is notebook 003's 100 × 512 matrix (E003-3), to the printed digits.
    const row1 = (await cells(page, '.lines details'))[1];
    golden003['E003-3'].row1.slice(4, 8).forEach((v, i) => {
      const shown = printed(row1[i + 1]);
      assert.ok(Math.abs(shown.value - v) <= shown.half + 3e-7 + 6e-8, `dim ${i + 4}: ${row1[i + 1]} vs ${v}`);
    });
    // The waves painted on the chart's canvas (charts/lines.js): one row per column, in the table's order, a dot
    // on each of the 20 positions, each value where its row's −1.1 … 1.1 puts it, and the row's middle where Plot
    // drew that row's zero line.
    const rows = await cells(page, '.lines details');
    const drawn = await page.$eval('.lines .chart-host', (host) => ({
      lines: host.querySelector('canvas').lines.map((l) => ({ ...l, x: Array.from(l.x), y: Array.from(l.y) })),
      zeros: [...host.querySelectorAll('svg [data-mark="rule"] line')].map((line) => new DOMPoint(0, line.y1.baseVal.value).matrixTransform(line.getCTM()).y),
    }));
    assert.deepEqual(drawn.lines.map((l) => [l.name, l.x.length, l.dots]), [4, 5, 6, 7].map((d) => [`dim ${d}`, 20, true]));
    drawn.lines.forEach((line, i) => {
      const [top, bottom] = line.row;
      const middle = (top + bottom) / 2;
      assert.ok(Math.abs(drawn.zeros[i] - middle) < 0.01, `dim ${i + 4}: zero at ${drawn.zeros[i]}, row middle ${middle}`);
      line.y.forEach((y, p) => {
        const value = printed(rows[p][i + 1]).value;
        assert.ok(Math.abs(y - (middle - (value / 1.1) * ((bottom - top) / 2))) < 0.01, `dim ${i + 4}, position ${p}: ${y}`);
      });
    });
    // The explanation: which columns, and why these (slow enough to be smooth, fast enough to move in 20 positions).
    const text = (await page.textContent('.lesson')).replace(/\s+/g, ' ');
    assert.match(text, lang === 'en'
      ? /The As in the blog post button picks columns 4 to 7: two pairs slow enough to draw smooth waves over 20 positions, and fast enough to move visibly/
      : /El botón Como en la entrada de blog elige las columnas 4 a 7: dos parejas lo bastante lentas para dibujar ondas suaves en 20 posiciones y lo bastante rápidas para moverse a la vista/);
    assert.match(text, lang === 'en' ? /neither prints its code nor says which columns it drew/ : /no imprime su código ni dice qué columnas dibujó/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [lang, aside, word, today] of [
  ['en', "The blog post's plot and four of its remarks, checked", 'lesson',
    /most widely used technique.*GPT-2 learns a table of absolute positions \(lesson 12\); LLaMA and most open\s+models since rotate queries and keys with RoPE \(lesson 13\); BLOOM and MPT add ALiBi's penalty/s],
  ['es', 'El gráfico de la entrada de blog y cuatro de sus afirmaciones, comprobados', 'lección',
    /más ampliamente utilizada.*GPT-2 aprende una tabla de posiciones absolutas\s+\(lección 12\); LLaMA y la mayoría de los modelos abiertos posteriores giran las\s+consultas y las claves con RoPE \(lección 13\); BLOOM y MPT suman/s],
]) {
  test(`${lang}: document 003's "most widely used" is answered with what models use today, each linked to its lesson`, async () => {
    const { page, problems, context } = await open(`#/pe-matrix?lang=${lang}`);
    // The remarks wait in a closed aside under the line chart: the reader opens it.
    const remarks = page.locator('details.aside').filter({ has: page.locator('summary', { hasText: aside }) });
    await remarks.locator('summary').click();
    assert.equal(await remarks.getAttribute('open'), '');
    const links = await remarks.locator('a[href^="#/"]').evaluateAll((as) => as.map((a) => ({ text: a.textContent, id: a.getAttribute('href').slice(2).split('?')[0] })));
    // Learned positions (GPT-2), RoPE (LLaMA), ALiBi (BLOOM, MPT).
    assert.deepEqual([...new Set(links.map((l) => l.id))], ['learned-positions', 'rope', 'attention-biases']);
    for (const { text, id } of links) assert.match(text, new RegExp(`^${word} ${LESSON_IDS.indexOf(id) + 1}$`));
    const remark = await page.evaluate(() => document.querySelector('#lesson a[href="#/attention-biases"]').closest('li').textContent);
    assert.match(remark, today);
    assert.match(remark, new RegExp(`ALiBi[^.]*\\((lesson|lección) ${LESSON_IDS.indexOf('attention-biases') + 1}\\)`));
    await followLessonLinks(page, 'pe-matrix', links.map((l) => l.id));
    assert.deepEqual(problems, []);
    await context.close();
  });
}
