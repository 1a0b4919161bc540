// ui/file-button.js — "open a file" as a button in the page's language. The browser's own file control writes
// "Choose File · No file chosen" in the browser's language, not the page's; here it lies invisible over a
// button that looks like the lab's others and takes the press, the keyboard and a dropped file
// (file-button.css). Used by lessons 09 and 10.
import './file-button.css';

/** accept: the input's accept list; onFile(file) gets the chosen File; label(text) names the button. */
export function fileButton({ accept, onFile, id }) {
  const element = document.createElement('label');
  element.className = 'file-button';
  const text = document.createElement('span');
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = accept;
  if (id) input.id = id;
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    await onFile(file);
    input.value = ''; // the same file chosen again is a change again
  });
  element.append(text, input);
  return {
    element,
    input,
    label(value) {
      text.textContent = value;
    },
  };
}
