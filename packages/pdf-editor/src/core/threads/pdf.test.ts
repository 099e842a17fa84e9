// Comment threads through native export and import: a thread comes back exactly from our own
// export, MuPDF (an independent reader) sees its replies as replies and its resolved mark as a
// review state, and a thread MuPDF writes imports as one thread.
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { exportPdf } from '../export/exportPdf';
import { normalizeAnnotation } from '../model/defaults';
import { threadOf } from './thread';
import type { Annotation } from '../model/types';
import { qpdfCheck } from '../../test-support/pdfTools';
import { importAnnotations } from '../import/importAnnotations';
import { blankPdf, stripMarginaliaData } from '../import/testing/fixtures';

const comment = normalizeAnnotation({
  type: 'comment',
  id: 'note',
  page: 1,
  position: { x: 50, y: 60 },
  content: 'Is this figure right?',
  author: 'Ada',
  createdAt: '2026-11-20T09:00:00.123Z',
  updatedAt: '2026-11-20T09:00:00.123Z',
  replies: [
    { id: 'r1', author: 'Grace', content: 'It was rounded; fixed now.', createdAt: '2026-11-20T10:15:30.456Z', updatedAt: '2026-11-20T10:16:00.001Z' },
    { id: 'r2', author: 'Ada', content: 'Thanks — looks right.', createdAt: '2026-11-21T08:00:00.000Z', updatedAt: '2026-11-21T08:00:00.000Z' },
    { id: 'r3', author: 'Ada', content: '', state: 'resolved', createdAt: '2026-11-21T08:00:05.789Z', updatedAt: '2026-11-21T08:00:05.789Z' },
  ],
});
const box = normalizeAnnotation({ type: 'rectangle', id: 'box', page: 1, position: { x: 150, y: 150 }, width: 40, height: 30 });

async function exported(annotations: Annotation[]): Promise<Uint8Array> {
  return exportPdf(await blankPdf(400, 300), annotations, { mode: 'native' });
}

function mupdfPage(bytes: Uint8Array): mupdf.PDFPage {
  const page = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()?.loadPage(0);
  if (!(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the PDF');
  return page;
}

describe('a comment thread in a native export', () => {
  it('must come back exactly from our own import, the thread resolved', async () => {
    const bytes = await exported([comment, box]);
    const imported = await importAnnotations(bytes);
    expect(imported).toEqual([comment, box]);
    const thread = threadOf(imported[0] as Annotation);
    expect(thread.replies.map((reply) => reply.author)).toEqual(['Grace', 'Ada']);
    expect(thread.resolved).toBe(true);
  });

  it('must write replies MuPDF reads as replies to the note (/IRT, /RT /R) and the resolved mark as a review state', async () => {
    const bytes = await exported([comment]);
    expect((await qpdfCheck(bytes)).exitCode).toBe(0);
    const annotations = mupdfPage(bytes).getAnnotations();
    expect(annotations).toHaveLength(4);
    const [note, ...replies] = annotations as [mupdf.PDFAnnotation, ...mupdf.PDFAnnotation[]];
    expect(note.getAuthor()).toBe('Ada');
    const noteNumber = note.getObject().asIndirect();
    for (const reply of replies) {
      expect(reply.getType()).toBe('Text');
      expect(reply.getObject().get('IRT').asIndirect()).toBe(noteNumber);
      expect(reply.getObject().get('RT').asName()).toBe('R');
    }
    expect(replies.map((reply) => [reply.getAuthor(), reply.getContents()])).toEqual([
      ['Grace', 'It was rounded; fixed now.'],
      ['Ada', 'Thanks — looks right.'],
      ['Ada', ''],
    ]);
    const state = (replies[2] as mupdf.PDFAnnotation).getObject();
    expect([state.get('StateModel').asName(), state.get('State').asName()]).toEqual(['Review', 'Completed']);
    // Only the note shows on the page: a reply has no appearance of its own, and the state mark is hidden.
    expect(replies.map((reply) => reply.getObject().get('AP').isNull())).toEqual([true, true, true]);
    expect(state.get('F').asNumber() & 2).toBe(2);
  });

  it('must be replies to the note for pdf.js too, which draws the note’s icon alone (our viewer renders with pdf.js)', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const task = pdfjs.getDocument({ data: await exported([comment]), verbosity: 0 });
    try {
      const page = await (await task.promise).getPage(1);
      const annotations = (await page.getAnnotations()) as { id: string; inReplyTo?: string; titleObj?: { str: string } }[];
      const [note, ...replies] = annotations;
      expect(replies.map((reply) => [reply.inReplyTo, reply.titleObj?.str])).toEqual([
        [note?.id, 'Grace'],
        [note?.id, 'Ada'],
        [note?.id, 'Ada'],
      ]);
      // What pdf.js draws of each annotation: the operators between its beginAnnotation and
      // endAnnotation. The note draws its icon; a reply has no appearance and draws nothing, and the
      // hidden state mark is not there at all.
      const { fnArray } = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.ENABLE });
      const drawn: number[] = [];
      for (const op of fnArray) {
        if (op === pdfjs.OPS.beginAnnotation) drawn.push(0);
        else if (op !== pdfjs.OPS.endAnnotation && drawn.length > 0) drawn.push((drawn.pop() as number) + 1);
      }
      expect(drawn.map((count) => count > 0)).toEqual([true, false, false]);
    } finally {
      await task.destroy();
    }
  });

  it('must keep the thread, to the second, from the standard keys alone', async () => {
    const [imported] = await importAnnotations(await stripMarginaliaData(await exported([comment])));
    expect(imported?.replies?.map(({ id, author, content, state, createdAt }) => ({ id, author, content, state, createdAt }))).toEqual([
      { id: 'r1', author: 'Grace', content: 'It was rounded; fixed now.', state: undefined, createdAt: '2026-11-20T10:15:30.000Z' },
      { id: 'r2', author: 'Ada', content: 'Thanks — looks right.', state: undefined, createdAt: '2026-11-21T08:00:00.000Z' },
      { id: 'r3', author: 'Ada', content: '', state: 'resolved', createdAt: '2026-11-21T08:00:05.000Z' },
    ]);
  });
});

describe('a thread another tool wrote', () => {
  /** A note with replies as MuPDF.js writes them: /Text annotations whose /IRT is the note (one answering a reply). */
  async function mupdfThread(): Promise<Uint8Array> {
    const doc = mupdf.Document.openDocument(await blankPdf(400, 300), 'application/pdf').asPDF();
    const page = doc?.loadPage(0);
    if (!doc || !(page instanceof mupdf.PDFPage)) throw new Error('MuPDF did not open the blank PDF');
    const note = page.createAnnotation('Text');
    note.setRect([40, 200, 60, 220]);
    note.setContents('Check the totals');
    note.setAuthor('Ada');
    note.update();
    const answer = (to: mupdf.PDFAnnotation, author: string, text: string, date: Date, state?: string) => {
      const reply = page.createAnnotation('Text');
      reply.setRect([40, 200, 60, 220]);
      reply.setAuthor(author);
      reply.setContents(text);
      reply.setCreationDate(date);
      reply.setModificationDate(date);
      // MuPDF.js has no setter for /IRT or the state: they go on the dictionary.
      reply.getObject().put('IRT', to.getObject());
      if (state) {
        reply.getObject().put('StateModel', doc.newName('Review'));
        reply.getObject().put('State', doc.newName(state));
      }
      return reply;
    };
    const first = answer(note, 'Grace', 'They add up.', new Date('2026-11-22T10:00:00Z'));
    answer(first, 'Ada', 'Agreed.', new Date('2026-11-22T11:00:00Z'));
    answer(note, 'Grace', 'Completed set by Grace', new Date('2026-11-22T12:00:00Z'), 'Completed');
    // A grouped annotation (/RT /Group) is part of a group, not a reply: it stays an annotation.
    const grouped = page.createAnnotation('Square');
    grouped.setRect([200, 100, 260, 160]);
    grouped.getObject().put('IRT', note.getObject());
    grouped.getObject().put('RT', doc.newName('Group'));
    grouped.update();
    return doc.saveToBuffer('').asUint8Array();
  }

  it('must import MuPDF.js replies (/IRT) as one thread of the note, the grouped square as an annotation', async () => {
    const warnings: string[] = [];
    const imported = await importAnnotations(await mupdfThread(), { onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([]);
    expect(imported.map((annotation) => annotation.type)).toEqual(['comment', 'rectangle']);
    const [note] = imported as [Annotation];
    expect(note).toMatchObject({ content: 'Check the totals', author: 'Ada' });
    const thread = threadOf(note);
    expect(thread.replies.map(({ author, content, createdAt }) => ({ author, content, createdAt }))).toEqual([
      { author: 'Grace', content: 'They add up.', createdAt: '2026-11-22T10:00:00.000Z' },
      { author: 'Ada', content: 'Agreed.', createdAt: '2026-11-22T11:00:00.000Z' },
    ]);
    expect(thread.resolved).toBe(true);
    expect(thread.lastState?.author).toBe('Grace');
  });
});
