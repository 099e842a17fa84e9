import { PdfEditor, defaultMessages, type Messages } from '@marginalia/pdf-editor';

// Override any subset; the rest stay English. `{page}`-style placeholders are filled in.
const french: Partial<Messages> = {
  undo: 'Annuler',
  redo: 'Rétablir',
  download: 'Télécharger le PDF',
  save: 'Enregistrer',
  saving: 'Enregistrement...',
  pageOf: 'Page {page} sur {total}',
  'tool.highlight': 'Surligner',
  'tool.text': 'Texte',
  loadingPdf: 'Chargement du PDF...',
};

export const FrenchEditor = ({ file }: { file: string }) => <PdfEditor file={file} messages={french} />;

// Every key, with its English default, for translators:
export const keys = Object.keys(defaultMessages);
