// The lab as SCORM 1.2 packages for course platforms (Moodle, Canvas, Blackboard, Sakai), one per language:
//   node scripts/scorm-package.mjs        (npm run build runs it after Vite)
// writes dist-scorm/poslab-scorm-es.zip and dist-scorm/poslab-scorm-en.zip. Each holds dist/ as it is (no second
// site) and an imsmanifest.xml at its root: one organization whose items are the lessons in course order, titled
// in the package's language, each a SCO (its own row in the platform's reports) launching that lesson as
// index.html?scorm=<lesson>#/<lesson>?lang=<language> (web/src/scorm.js reads the query string).
// POSLAB_SCORM_MASTERY (a whole number from 0 to 100, default 80) is every lesson's adlcp:masteryscore: the
// self-check score, in per cent, that makes it "passed".
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const ROOT = new URL('../', import.meta.url);
export const LANGUAGES = ['es', 'en'];
export const DEFAULT_MASTERY = 80;

const readJson = (path) => JSON.parse(readFileSync(new URL(path, ROOT), 'utf8'));

/** The lessons in course order (web/lessons/NN-slug/), each with its title in `lang`: [{id, title}]. */
export function courseLessons(lang) {
  return readdirSync(new URL('web/lessons/', ROOT))
    .filter((folder) => /^\d+-/.test(folder))
    .sort()
    .map((folder) => {
      const id = folder.replace(/^\d+-/, '');
      return { id, title: readJson(`web/lessons/${folder}/strings.${lang}.json`).lessons[id].title };
    });
}

/** The mastery score from POSLAB_SCORM_MASTERY's text: the default when unset, an error when not 0–100. */
export function masteryScore(text) {
  if (text === undefined || text.trim() === '') return DEFAULT_MASTERY;
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value > 100) {
    throw new Error(`POSLAB_SCORM_MASTERY must be a whole number from 0 to 100 (the self-check score, in per cent, that passes a lesson); it is "${text}"`);
  }
  return value;
}

/** Where a lesson's SCO starts: the page, the lesson it reports on, and the lesson's link in the package's language. */
export const launchHref = (id, lang) => `index.html?scorm=${id}#/${id}?lang=${lang}`;

const escapeXml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);

/**
 * imsmanifest.xml for one language. files: every file of the site (paths relative to its root); the SCOs share
 * them as one asset resource, and each SCO lists the page it launches.
 */
export function manifestXml({ lang, lessons, files, mastery, version }) {
  const course = `poslab — ${readJson(`web/i18n/${lang}.json`).app.tagline}`;
  const items = lessons.map(
    ({ id, title }, k) => `      <item identifier="item-${id}" identifierref="sco-${id}">
        <title>${escapeXml(`${k + 1}. ${title}`)}</title>
        <adlcp:masteryscore>${mastery}</adlcp:masteryscore>
      </item>`,
  );
  const scos = lessons.map(
    ({ id }) => `    <resource identifier="sco-${id}" type="webcontent" adlcp:scormtype="sco" href="${escapeXml(launchHref(id, lang))}">
      <file href="index.html"/>
      <dependency identifierref="site"/>
    </resource>`,
  );
  const shared = files.filter((f) => f !== 'index.html').map((f) => `      <file href="${escapeXml(f)}"/>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="poslab-scorm-${lang}" version="${escapeXml(version)}" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="poslab">
    <organization identifier="poslab">
      <title>${escapeXml(course)}</title>
${items.join('\n')}
    </organization>
  </organizations>
  <resources>
${scos.join('\n')}
    <resource identifier="site" type="webcontent" adlcp:scormtype="asset">
${shared.join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

/** Every file under `dir`, as sorted paths relative to it with forward slashes. */
function listFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${prefix}${entry.name}`;
    return entry.isDirectory() ? listFiles(`${dir}/${entry.name}`, `${path}/`) : [path];
  }).sort();
}

// Already compressed: stored as they are, which is faster and no larger.
const STORED = /\.(png|woff2?|zip)$/;

/** Writes one package per language into `out`; returns [{lang, path, bytes}]. */
export function buildPackages({ dist, out, mastery }) {
  const files = listFiles(dist);
  if (!files.includes('index.html')) throw new Error(`${dist}/index.html not found: build the site first (npm run build)`);
  const site = Object.fromEntries(files.map((f) => [f, [readFileSync(`${dist}/${f}`), { level: STORED.test(f) ? 0 : 6 }]]));
  const { version } = readJson('package.json');
  mkdirSync(out, { recursive: true });
  return LANGUAGES.map((lang) => {
    const manifest = manifestXml({ lang, lessons: courseLessons(lang), files, mastery, version });
    const zip = zipSync({ 'imsmanifest.xml': new TextEncoder().encode(manifest), ...site });
    const path = `${out}/poslab-scorm-${lang}.zip`;
    writeFileSync(path, zip);
    return { lang, path, bytes: zip.length };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [dist = fileURLToPath(new URL('dist', ROOT)), out = fileURLToPath(new URL('dist-scorm', ROOT))] = process.argv.slice(2);
  const mastery = masteryScore(process.env.POSLAB_SCORM_MASTERY);
  for (const { path, bytes } of buildPackages({ dist, out, mastery })) {
    console.log(`scorm: ${path} (${(bytes / 1e6).toFixed(1)} MB, mastery score ${mastery})`);
  }
}
