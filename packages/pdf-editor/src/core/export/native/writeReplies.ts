// An annotation's thread in native export, written as Acrobat writes one so every reader that
// knows threads shows it: each reply is a /Text annotation answering the annotation (/IRT, its
// dictionary; /RT /R) with its author (/T), text and dates, at the annotation's /Rect and with no
// appearance of its own, so readers that draw note icons from appearances (ours, pdf.js) draw
// nothing for it. A resolved or reopened mark is a review-state reply (/StateModel /Review,
// /State /Completed or /None), hidden as Acrobat hides them. PDF dates stop at seconds: when a
// reply's timestamps do not come back from them, its dictionary keeps them under /MarginaliaData
// (import/readReplies.ts reads them back while the keys still give the same dates).
import type { PDFPage, PdfString } from '../../pdf/engine';
import type { ObjectRef, ObjectSink } from '../../pdf/objectWriter';
import type { PdfValue } from '../../pdf/objects';
import type { Reply } from '../../model/thread';
import { fromPdfDate, toPdfDate } from './pdfDate';
import { keysCopyString, MARGINALIA_DATA_NAME } from './marginaliaData';
import { textString } from './pdfValues';

/** /F of a reply: Print, NoZoom, NoRotate, as the note it answers; a state mark is also Hidden. */
const REPLY_FLAGS = 4 | 8 | 16;
const HIDDEN_FLAG = 2;

/** /State of each state change, in the /Review model (ISO 32000-2, 12.5.6.3). */
export const REVIEW_STATES = { resolved: 'Completed', reopened: 'None' } as const;

/** The exact timestamps a reply's dictionary keeps when its PDF dates do not give them back. */
export interface ReplyDates {
  c: string;
  u: string;
}

const exact = (iso: string): boolean => fromPdfDate(toPdfDate(iso)) === iso;

/**
 * Writes `replies` as annotations of `page` answering the annotation at `parent` whose /Rect is
 * `rect`; `date` gives a timestamp's PDF date string.
 */
export function writeReplies(
  objects: ObjectSink,
  page: PDFPage,
  parent: ObjectRef,
  rect: readonly number[],
  replies: readonly Reply[],
  date: (iso: string) => PdfString | undefined,
): void {
  for (const reply of replies) {
    const dict: Record<string, PdfValue> = {
      Type: 'Annot',
      Subtype: 'Text',
      Rect: rect,
      NM: textString(reply.id),
      F: reply.state ? REPLY_FLAGS | HIDDEN_FLAG : REPLY_FLAGS,
      P: page.ref,
      IRT: parent,
      RT: 'R',
      Name: 'Comment',
      Open: false,
    };
    if (reply.author !== undefined) dict.T = textString(reply.author);
    if (reply.content !== '') dict.Contents = textString(reply.content);
    const created = date(reply.createdAt);
    const modified = date(reply.updatedAt);
    if (created) dict.CreationDate = created;
    if (modified) dict.M = modified;
    if (reply.state) {
      dict.StateModel = 'Review';
      dict.State = REVIEW_STATES[reply.state];
    }
    if (!exact(reply.createdAt) || !exact(reply.updatedAt)) {
      dict[MARGINALIA_DATA_NAME] = keysCopyString(JSON.stringify({ c: reply.createdAt, u: reply.updatedAt } satisfies ReplyDates));
    }
    objects.annotate(page, objects.add(dict));
  }
}
