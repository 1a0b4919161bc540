// Where the document's story comes from. Document 004 reads "The Verdict" (Edith Wharton, 1908, public
// domain) from a file, the one Sebastian Raschka publishes with "Build a Large Language Model (From
// Scratch)"; the lab downloads that same file on request, at a commit whose notebook reads it (a branch
// could change under the lab). Tests serve their own copy at this address.
import { downloadText } from '../../src/remote-text.js';

export const STORY = {
  url: 'https://raw.githubusercontent.com/rasbt/LLMs-from-scratch/d431eff1816f9290e69ceafa9e82760f9b056931/ch02/01_main-chapter-code/the-verdict.txt',
  name: 'the-verdict.txt',
  // The file has 20,479 bytes: half or double that is still plausible, an error page or a 1 MB file is not.
  min: 10000,
  max: 40000,
};

/** The story's text, or an Error with one of remote-text.js's codes (download_failed, …). */
export const downloadStory = () => downloadText(STORY);
