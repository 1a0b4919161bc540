// Where the document's story comes from. Document 004 reads "The Verdict" (Edith Wharton, 1908, public
// domain) from a file, the one Sebastian Raschka publishes with "Build a Large Language Model (From
// Scratch)"; the lab downloads that same file on request. Tests serve their own copy at this address.
export const STORY_URL =
  'https://raw.githubusercontent.com/rasbt/LLMs-from-scratch/main/ch02/01_main-chapter-code/the-verdict.txt';

/** The story's text, or an Error with code "download_failed". */
export async function downloadStory() {
  let response;
  try {
    response = await fetch(STORY_URL);
  } catch (err) {
    throw Object.assign(new Error(`${STORY_URL}: ${err.message}`), { code: 'download_failed', value: STORY_URL });
  }
  if (!response.ok) {
    throw Object.assign(new Error(`${STORY_URL}: HTTP ${response.status}`), { code: 'download_failed', value: STORY_URL });
  }
  return response.text();
}
