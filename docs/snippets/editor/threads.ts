import { createEditor } from '@marginalia/pdf-editor/editor';
import { importAnnotations, threadOf } from '@marginalia/pdf-editor/core';

const editor = createEditor({ fileName: 'contract.pdf', author: 'Ada Lovelace' });
const [note] = editor.getAnnotations();

// #region commands
if (note) {
  const { threads } = editor;
  const replyId = threads.reply(note.id, 'Is this figure right?'); // by Ada Lovelace, one undo step
  if (replyId) threads.edit(note.id, replyId, 'Is figure 3 right?');
  threads.resolve(note.id); // a resolved mark: who and when
  const thread = threads.get(note.id);
  console.log(thread?.replies.map((reply) => `${reply.author}: ${reply.content}`), thread?.resolved); // [...], true
  threads.reopen(note.id);
}
// #endregion

// #region import
declare const acrobatFile: Uint8Array;
for (const annotation of await importAnnotations(acrobatFile)) {
  const { replies, resolved } = threadOf(annotation); // answers oldest first; resolved or not
  if (replies.length > 0) console.log(annotation.author, annotation.type, replies.length, resolved);
}
// #endregion
