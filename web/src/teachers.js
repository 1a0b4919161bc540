// The teachers' guide (web/teachers.html): a static page in both languages, written at build time
// (scripts/vite/teachers-guide.mjs); only the lab's styles, and one thing for paper.
import './styles.css';

// A printed guide is read away from the screen: the answer keys, folded on screen so that a projected page
// never shows them by accident, are printed open.
window.addEventListener('beforeprint', () => {
  for (const key of document.querySelectorAll('details.teachers-key')) key.open = true;
});
