// The SCORM 1.2 packages npm run build writes (scripts/scorm-package.mjs), held to the rules of SCORM 1.2's
// content packaging that can be checked without a platform: a well-formed imsmanifest.xml at the zip's root
// with the ADL SCORM 1.2 metadata and one organization; one item per lesson in course order, titled in the
// package's language, with the mastery score; every item's identifierref naming a SCO resource whose launch
// page is in the zip and whose link opens that lesson; every file of the zip listed, every listed file there,
// every file the page loads there; the zip holding the built site as it is. And POSLAB_SCORM_MASTERY.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { DOMParser } from '@xmldom/xmldom';
import { courseLessons, LANGUAGES, masteryScore, DEFAULT_MASTERY } from '../../scripts/scorm-package.mjs';

const root = new URL('../../', import.meta.url);
const DIST = fileURLToPath(new URL('dist/', root));
const SCRIPT = fileURLToPath(new URL('scripts/scorm-package.mjs', root));
const CP = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
const ADLCP = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';

/** The files of a package: path → bytes. */
function unzip(path) {
  assert.ok(existsSync(path), `${path} not found: run npm run build first`);
  return unzipSync(readFileSync(path));
}

/** imsmanifest.xml as a DOM; any XML error (not well-formed, bad namespace use) fails. */
function parseManifest(files) {
  assert.ok(files['imsmanifest.xml'], 'imsmanifest.xml at the root of the zip');
  const fail = (level, message) => { throw new Error(`imsmanifest.xml: ${level}: ${message}`); };
  const xml = new TextDecoder('utf-8', { fatal: true }).decode(files['imsmanifest.xml']);
  return new DOMParser({ onError: (level, message) => level !== 'warning' && fail(level, message) }).parseFromString(xml, 'text/xml');
}

const children = (node, name) => [...node.childNodes].filter((n) => n.namespaceURI === CP && n.localName === name);
const child = (node, name) => {
  const found = children(node, name);
  assert.equal(found.length, 1, `one <${name}> in <${node.localName}>`);
  return found[0];
};
const NCNAME = /^[A-Za-z_][\w.-]*$/;

/** The manifest's facts: metadata, organizations, items and resources. */
function readManifest(doc) {
  const manifest = doc.documentElement;
  assert.equal(manifest.namespaceURI, CP);
  assert.equal(manifest.localName, 'manifest');
  const metadata = child(manifest, 'metadata');
  const organizations = child(manifest, 'organizations');
  const resources = [...children(child(manifest, 'resources'), 'resource')].map((r) => ({
    identifier: r.getAttribute('identifier'),
    scormtype: r.getAttributeNS(ADLCP, 'scormtype'),
    type: r.getAttribute('type'),
    href: r.getAttribute('href'),
    files: children(r, 'file').map((f) => f.getAttribute('href')),
    dependencies: children(r, 'dependency').map((d) => d.getAttribute('identifierref')),
  }));
  return {
    identifier: manifest.getAttribute('identifier'),
    schema: child(metadata, 'schema').textContent,
    schemaversion: child(metadata, 'schemaversion').textContent,
    defaultOrganization: organizations.getAttribute('default'),
    organizations: children(organizations, 'organization').map((o) => ({
      identifier: o.getAttribute('identifier'),
      title: child(o, 'title').textContent,
      items: children(o, 'item').map((item) => ({
        identifier: item.getAttribute('identifier'),
        identifierref: item.getAttribute('identifierref'),
        title: child(item, 'title').textContent,
        mastery: [...item.childNodes].filter((n) => n.namespaceURI === ADLCP && n.localName === 'masteryscore').map((n) => n.textContent),
        nested: children(item, 'item').length,
      })),
    })),
    resources,
  };
}

/** The files index.html loads (scripts, styles, icons, the manifest), relative to the site's root. */
function pageNeeds(html) {
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\.\/([^"#?]+)"/g)].map((m) => m[1]);
}

for (const lang of LANGUAGES) {
  test(`poslab-scorm-${lang}.zip: a SCORM 1.2 package of every lesson, in course order, titled in ${lang === 'es' ? 'Spanish' : 'English'}`, () => {
    const files = unzip(fileURLToPath(new URL(`dist-scorm/poslab-scorm-${lang}.zip`, root)));
    const m = readManifest(parseManifest(files));
    assert.equal(m.identifier, `poslab-scorm-${lang}`);
    assert.equal(m.schema, 'ADL SCORM');
    assert.equal(m.schemaversion, '1.2');
    assert.equal(m.organizations.length, 1, 'one organization');
    const [organization] = m.organizations;
    assert.equal(m.defaultOrganization, organization.identifier);
    const tagline = JSON.parse(readFileSync(new URL(`web/i18n/${lang}.json`, root), 'utf8')).app.tagline;
    assert.equal(organization.title, `poslab — ${tagline}`);

    // One item per lesson folder, in the folders' order, with its title in the package's language.
    const lessons = courseLessons(lang);
    assert.deepEqual(organization.items.map((i) => i.title), lessons.map((l, k) => `${k + 1}. ${l.title}`));
    const other = courseLessons(lang === 'es' ? 'en' : 'es');
    assert.ok(lessons.some((l, k) => l.title !== other[k].title), 'the titles are not the other language\'s');
    for (const item of organization.items) {
      assert.deepEqual(item.mastery, [String(DEFAULT_MASTERY)], item.identifier);
      assert.equal(item.nested, 0, 'a flat list: one SCO per item');
    }

    // Identifiers are unique XML names; every item names a SCO resource that launches its lesson.
    const ids = [m.identifier, organization.identifier, ...organization.items.map((i) => i.identifier), ...m.resources.map((r) => r.identifier)];
    assert.equal(new Set(ids).size, ids.length, 'identifiers are unique');
    for (const id of ids) assert.match(id, NCNAME);
    const byId = new Map(m.resources.map((r) => [r.identifier, r]));
    organization.items.forEach((item, k) => {
      const sco = byId.get(item.identifierref);
      assert.ok(sco, `${item.identifier} → ${item.identifierref} is a resource`);
      assert.equal(sco.scormtype, 'sco');
      assert.equal(sco.type, 'webcontent');
      const launch = new URL(sco.href, 'https://platform.example/package/');
      const page = launch.pathname.slice('/package/'.length);
      assert.ok(files[page], `${sco.href}: ${page} is in the zip`);
      assert.ok(sco.files.includes(page), `${sco.identifier} lists its page`);
      assert.equal(launch.searchParams.get('scorm'), lessons[k].id);
      assert.equal(launch.hash, `#/${lessons[k].id}?lang=${lang}`);
      for (const dependency of sco.dependencies) assert.ok(byId.has(dependency), `${sco.identifier} depends on ${dependency}`);
    });
    assert.equal(m.resources.filter((r) => r.scormtype === 'sco').length, lessons.length);

    // Every file of the zip is listed, every listed file is there, and so is every file the page loads.
    const listed = new Set(m.resources.flatMap((r) => r.files));
    const inZip = Object.keys(files).filter((f) => !f.endsWith('/') && f !== 'imsmanifest.xml');
    assert.deepEqual(inZip.filter((f) => !listed.has(f)), [], 'files in the zip that no resource lists');
    assert.deepEqual([...listed].filter((f) => !files[f]), [], 'listed files missing from the zip');
    const needs = pageNeeds(new TextDecoder().decode(files['index.html']));
    assert.ok(needs.some((f) => f.endsWith('.js')) && needs.some((f) => f.endsWith('.css')), needs.join(', '));
    assert.deepEqual(needs.filter((f) => !files[f]), [], 'files index.html loads');
    assert.ok(files['wasm/poslab.mjs'] && files['data/gpt2.json'], 'the module and the vocabulary');

    // The built site as it is: the same files, the same bytes.
    for (const f of ['index.html', 'sw.js', 'wasm/poslab.mjs', 'data/gpt2.json']) {
      assert.deepEqual(Buffer.from(files[f]), readFileSync(join(DIST, f)), f);
    }
  });
}

test('POSLAB_SCORM_MASTERY sets every lesson\'s mastery score; a value that is no score from 0 to 100 stops the build', () => {
  assert.equal(masteryScore(undefined), 80);
  assert.equal(masteryScore(''), 80);
  assert.equal(masteryScore('0'), 0);
  assert.equal(masteryScore(' 100 '), 100);
  for (const bad of ['101', '-5', '75.5', 'abc', '8O']) assert.throws(() => masteryScore(bad), /POSLAB_SCORM_MASTERY must be a whole number from 0 to 100/, bad);

  const out = mkdtempSync(join(tmpdir(), 'poslab-scorm-'));
  try {
    const run = (mastery) => spawnSync(process.execPath, [SCRIPT, DIST, out], { env: { ...process.env, POSLAB_SCORM_MASTERY: mastery }, encoding: 'utf8' });
    const made = run('65');
    assert.equal(made.status, 0, made.stderr);
    for (const lang of LANGUAGES) {
      const m = readManifest(parseManifest(unzip(join(out, `poslab-scorm-${lang}.zip`))));
      assert.deepEqual(new Set(m.organizations[0].items.flatMap((i) => i.mastery)), new Set(['65']), lang);
    }
    const refused = run('120');
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /POSLAB_SCORM_MASTERY must be a whole number from 0 to 100.*"120"/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
