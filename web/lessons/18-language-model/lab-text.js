// The lab's own text to train on: the lessons' prose in one language (es.md or en.md), written by this project,
// turned into plain text. Pure, so the tests rebuild the same text in Node from the same files.

/** A lesson's Markdown as the reader would read it aloud: no markup, no HTML, no formulas' dollar signs. */
export function plainText(markdown) {
  return markdown
    // The teacher's section names the source documents, which the students' pages leave to the teacher.
    .replace(/<details class="teacher-notes">[\s\S]*?<\/details>/g, '')
    .replace(/<[^>]*>/g, '') // HTML: the widgets' slots, <details>, <summary>
    .replace(/^```.*$/gm, '') // code fences (their content stays: it is part of the lesson)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their words only
    .replace(/^\s*\|?[-:| ]+\|[-:| ]*$/gm, '') // a table's rule line
    .replace(/[|*_`$#>]/g, '') // emphasis, code, tables, formulas, headings, quotes
    .replace(/[ \t]+/g, ' ')
    .replace(/^ /gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Every lesson's text in order (lessons: [[folder, markdown]]), one plain-text block each. */
export const labText = (lessons) => [...lessons].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, md]) => plainText(md)).join('\n\n');
