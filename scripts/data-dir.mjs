// The folder holding the source material's two texts (the-verdict.txt and text.txt), which the project reads in
// tests, benchmarks and fuzzing but never commits. One rule for every reader (tests/wasm/helpers.mjs,
// scripts/bench/common.mjs, scripts/fuzz.sh, CMakeLists.txt):
//   1. the POSLAB_DATA environment variable, when set;
//   2. shared/data beside the project (../shared/data);
//   3. shared/data beside the repository this one was cloned from, when that is a folder on this machine
//      (`git remote get-url origin`): a fresh clone in a temporary folder still finds the texts of its source.
// Run as a script it prints the folder, or says how to set POSLAB_DATA and exits with 1.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEXTS = ['the-verdict.txt', 'text.txt'];
const project = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function originFolder() {
  try {
    const url = execFileSync('git', ['-C', project, 'remote', 'get-url', 'origin'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const path = url.startsWith('file://') ? fileURLToPath(url) : url;
    return isAbsolute(path) && existsSync(path) ? path : null;
  } catch {
    return null; // no git, or no origin
  }
}

/** Where the rule looks, in order (POSLAB_DATA alone when it is set: a wrong value is never silently skipped). */
export function dataCandidates() {
  if (process.env.POSLAB_DATA) return [resolve(process.env.POSLAB_DATA)];
  const origin = originFolder();
  return [join(project, '..', 'shared', 'data'), ...(origin ? [join(origin, '..', 'shared', 'data')] : [])].map((p) => resolve(p));
}

/** The folder, or an Error that names where it looked and how to say where the texts are. */
export function dataDir() {
  const candidates = dataCandidates();
  const found = candidates.find((dir) => TEXTS.every((name) => existsSync(join(dir, name))));
  if (found) return found;
  throw new Error(`the source texts (${TEXTS.join(', ')}) are not in ${candidates.join(' or ')}: set POSLAB_DATA to the folder that holds them`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${dataDir()}\n`);
  } catch (err) {
    process.stderr.write(`data-dir: ${err.message}\n`);
    process.exit(1);
  }
}
