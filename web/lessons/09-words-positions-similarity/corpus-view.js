// The text the skip-gram learns from: the lab's story, the textbook's text.txt (downloaded) or the reader's own
// (pasted or uploaded); after a training, its size and its first sentence with each word's position.
import { t, language } from '../../src/i18n.js';
import { selectField } from '../../src/ui/fields.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatCount } from '../../src/format.js';
import { el } from '../../src/ui/dom.js';
import { fileButton } from '../../src/ui/file-button.js';
import { params } from './params.js';
import { key, panel, button } from './parts.js';

/** Where the text comes from: the lab's own, the textbook's (downloaded), or the student's (pasted/uploaded). */
export function corpusView({ onValue, onDownload, onOwnText }) {
  const { element, title } = panel('corpus');
  const fields = {
    corpus: selectField({
      name: 'corpus', decl: params.corpus, labelKey: `${key('corpus')}.label`, hintKey: `${key('corpus')}.hint`,
      optionKey: (option) => `w2v.corpora.${option}`, onValue: (v) => onValue('corpus', v),
    }),
  };
  const documentBox = el('div', 'w2v-document');
  const download = button('download', onDownload);
  const documentStatus = el('p', 'w2v-status');
  documentStatus.setAttribute('aria-live', 'polite');
  documentBox.append(download, documentStatus);

  const ownBox = el('div', 'w2v-own field');
  const areaLabel = el('label');
  const area = el('textarea');
  area.id = 'w2v-own-text';
  area.rows = 6;
  areaLabel.htmlFor = area.id;
  area.addEventListener('input', () => onOwnText(area.value));
  const file = fileButton({
    accept: '.txt,text/plain',
    id: 'w2v-own-file',
    onFile: async (chosen) => {
      area.value = await chosen.text();
      onOwnText(area.value);
    },
  });
  ownBox.append(areaLabel, area, file.element);

  const summary = el('p', 'w2v-summary');
  const sentence = el('div', 'w2v-sentence');
  element.append(fields.corpus.element, documentBox, ownBox, summary, sentence);

  let documentState = { state: 'idle' };
  let lastSummary = null;
  const relabel = () => {
    title.textContent = t('w2v.corpus.title');
    download.textContent = t('w2v.corpus.download');
    areaLabel.textContent = t('w2v.corpus.paste');
    file.label(t('w2v.corpus.upload'));
    fields.corpus.relabel();
    documentStatus.textContent = documentState.state === 'idle' ? t('w2v.corpus.documentIdle')
      : documentState.state === 'error' ? t('w2v.corpus.documentError', { reason: t(documentState.reason.key, documentState.reason.values) })
        : documentState.state === 'loading' ? t('w2v.corpus.documentLoading')
          : t('w2v.corpus.documentReady', { chars: documentState.chars });
    showSummary(lastSummary);
  };
  function showSummary(s) {
    lastSummary = s;
    const n = (x) => formatCount(Number(x), language());
    summary.textContent = s ? t('w2v.corpus.summary', { sentences: n(s.info.sentences), words: n(s.info.corpusWords), vocabulary: n(s.info.vocabularySize) }) : '';
    sentence.replaceChildren();
    if (s && s.firstSentence) {
      const caption = t('w2v.corpus.firstSentence');
      const table = dataTable({
        caption,
        corner: t('w2v.corpus.position'),
        columns: s.firstSentence.map((_, i) => String(i + 1)),
        rows: [{ header: t('w2v.corpus.word'), cells: s.firstSentence }],
      });
      sentence.append(scrollBox(table, caption));
    }
  }
  relabel();
  return {
    element,
    fields,
    relabel,
    showSummary,
    setCorpus(corpus) {
      documentBox.hidden = corpus !== 'document';
      ownBox.hidden = corpus !== 'own';
    },
    setDocument(state) {
      documentState = state;
      relabel();
    },
  };
}
