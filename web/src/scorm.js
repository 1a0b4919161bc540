// scorm.js — a lesson as a SCORM 1.2 activity inside a course platform (Moodle, Canvas, Blackboard, Sakai).
//
// The packages scripts/scorm-package.mjs builds launch each lesson as index.html?scorm=<lesson>#/<lesson>?lang=…
// The query string names the lesson this launch reports on: the lab rewrites the hash at every change, the
// query string stays through those rewrites and a reload inside the platform's frame. Without it, or without a
// platform's API in a parent or opener frame, this module does nothing and the lab is the plain site.
//
// Inside a platform, for the launched lesson only: cmi.core.lesson_status is "incomplete" on the first launch,
// and once every self-check question has an answer, cmi.core.score (0–100, the share of right answers) and
// "passed" / "failed" against the mastery score of the manifest ("completed" when the platform gives none).
// What this browser's local storage holds for the lesson (its parameters and its self-check answers) goes into
// cmi.suspend_data, which comes back on the next launch, on this computer or another. Leaving the page
// commits and finishes the session. The discovery of the API and the calls go through @branchtrack/scorm-client.
import ScormClient from '@branchtrack/scorm-client';
import { storage } from './state.js';
import { findLesson } from './lessons.js';

// {client, lesson, mastery, restored, keys, claimed, shownLesson}; null outside a platform.
let session = null;

function parseState(text) {
  try {
    const value = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    /* empty on a first launch */
  }
  return {};
}

/**
 * Connects to the platform when the page was launched as a package's lesson. Puts the lesson's state from
 * cmi.suspend_data into local storage and turns the launch link into the view the student left, so main.js
 * opens it as it opens any link. shownLesson() says which lesson is on screen (or being mounted).
 */
export function startScorm({ shownLesson }) {
  const lesson = new URLSearchParams(location.search).get('scorm');
  if (!lesson || !findLesson(lesson)) return;
  // Pinned to 1.2: the packages declare SCORM 1.2, whose data model (cmi.core.*) is the only one used here.
  // The exit mode is set by finish(); the client sets "incomplete" on a first launch.
  const client = new ScormClient({ version: '1.2', handleExitMode: false });
  if (!client.init()) return;
  const restored = parseState(client.get('cmi.suspend_data'));
  const mastery = Number.parseFloat(client.get('cmi.student_data.mastery_score'));
  session = {
    client,
    lesson,
    mastery: Number.isFinite(mastery) ? mastery : null,
    restored,
    keys: new Set([`params:${lesson}`]), // the storage keys that make up the lesson's state
    claimed: new Set(),
    shownLesson,
  };
  storage.remove(`params:${lesson}`);
  for (const [key, value] of Object.entries(restored)) {
    if (typeof value === 'string') storage.set(key, value);
  }
  const params = restored[`params:${lesson}`];
  if (typeof params === 'string') history.replaceState(null, '', `#/${lesson}?${params}`);
  document.documentElement.dataset.scorm = lesson;
  addEventListener('pagehide', finish);
}

/** Writes what local storage holds for the launched lesson into cmi.suspend_data (not yet committed). */
function keepState() {
  const state = {};
  for (const key of session.keys) {
    const value = storage.get(key);
    if (value !== null) state[key] = value;
  }
  session.client.suspend(state);
}

/** main.js, after each change of the lesson on screen: its state goes into cmi.suspend_data when it is the launched lesson. */
export function keepScorm(lesson) {
  if (session && lesson === session.lesson) keepState();
}

/**
 * quiz.js, when a self-check is made: true when its answers are recorded by the platform (the launched lesson's
 * self-check). The first time, answers this browser kept under `key` that the platform's record does not have
 * are forgotten: on a shared computer they are someone else's.
 */
export function recordsAnswers(key) {
  if (!session || session.shownLesson() !== session.lesson) return false;
  session.keys.add(key);
  if (!session.claimed.has(key)) {
    session.claimed.add(key);
    if (!(key in session.restored)) storage.remove(key);
  }
  return true;
}

/**
 * quiz.js, after an answer is checked: the state, and once every question has an answer the score and the
 * status, committed at once (the gradebook has them even if the page is never left properly).
 */
export function answersChecked(key, { right, answered, total }) {
  if (!session || !session.keys.has(key)) return;
  keepState();
  if (answered === total) {
    const score = Math.round((100 * right) / total);
    const { client, mastery } = session;
    client.score({ raw: score, min: 0, max: 100 });
    client.status(mastery === null ? 'completed' : score >= mastery ? 'passed' : 'failed');
  }
  session.client.save();
}

/**
 * Leaving the page: "suspend", so that the platform hands the state back on the next launch (passed or not:
 * the student may come back to look again), then LMSCommit and LMSFinish.
 */
function finish() {
  if (!session) return;
  keepState();
  session.client.set('cmi.core.exit', 'suspend');
  session.client.quit();
  session = null;
}
