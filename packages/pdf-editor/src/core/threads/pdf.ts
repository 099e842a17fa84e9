// The PDF half of comment threads (the model's is thread.ts), from any tool that writes them as PDF
// does (Acrobat, MuPDF, ours), apart from the kinds as a thread belongs to an annotation of any
// kind. Export writes each reply as Acrobat does, so every reader that knows threads shows it: a
// /Text annotation answering the annotation (/IRT, its dictionary; /RT /R) with its author (/T),
// text and dates, at the annotation's /Rect and with no appearance of its own, so readers that
// draw note icons from appearances (ours, pdf.js) draw nothing for it. A resolved or reopened mark
// is a review-state reply (/StateModel /Review, /State /Completed or /None), hidden as Acrobat
// hides them. PDF dates stop at seconds: when a reply's timestamps do not come back from them, its
// dictionary keeps them under /MarginaliaData, read back while the keys still give the same dates.
//
// Import reads a /Text annotation that answers another (/IRT, with /RT /R or no /RT) as a reply,
// not a note of its own: its author, text and dates join the thread of the annotation it answers,
// or of that one's thread when it answers a reply. Other review states (Accepted, Rejected,
// Cancelled) and the Marked model are not in the model and are left out. /RT /Group makes an
// annotation part of a group, which is no reply: it is read as an annotation of its own, as is any
// other subtype with /IRT. Replies are collected while the pages are read and attached at the end:
// a reply may come before what it answers.
import { PdfRef, type PDFPage, type PdfDict, type PdfString } from '../pdf/engine';
import type { ObjectRef, ObjectSink } from '../pdf/objectWriter';
import type { PdfValue } from '../pdf/objects';
import { fromPdfDate, toPdfDate } from '../export/native/pdfDate';
import { keysCopyString, MARGINALIA_DATA_NAME } from '../export/native/marginaliaData';
import { textString } from '../export/native/pdfValues';
import { baseFields } from '../import/keysCopy';
import { readContents, readName, readText, type DictReader } from '../import/pdfReaders';
import type { Annotation } from '../model/types';
import type { PdfObjectValue } from '../pdfObjectTypes';
import type { Reply } from './thread';

/** /F of a reply: Print, NoZoom, NoRotate, as the note it answers; a state mark is also Hidden. */
const REPLY_FLAGS = 4 | 8 | 16;
const HIDDEN_FLAG = 2;

/** /State of each state change, in the /Review model (ISO 32000-2, 12.5.6.3). */
const REVIEW_STATES = { resolved: 'Completed', reopened: 'None' } as const;

/** The exact timestamps a reply's dictionary keeps when its PDF dates do not give them back. */
interface ReplyDates {
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

/** Our state changes by their /State. */
const STATE_OF = new Map(Object.entries(REVIEW_STATES).map(([state, name]) => [name as string, state as Reply['state']]));

/** The key of the annotation `dict` answers, when it is a reply: its /IRT reference. */
export function replyTarget(read: DictReader, dict: PdfDict): string | undefined {
  const target = dict.get('IRT');
  if (!(target instanceof PdfRef) || readName(read, dict, 'Subtype') !== 'Text') return undefined;
  const type = readName(read, dict, 'RT');
  return type === undefined || type === 'R' ? target.toString() : undefined;
}

/** The dates our export kept for a reply, while its /CreationDate and /M still say the same to the second. */
function keptDates(read: DictReader, dict: PdfDict): ReplyDates | undefined {
  const text = readText(read, dict, MARGINALIA_DATA_NAME);
  if (text === undefined) return undefined;
  try {
    const kept = JSON.parse(text) as Partial<ReplyDates>;
    if (typeof kept.c !== 'string' || typeof kept.u !== 'string') return undefined;
    const same = (iso: string, key: string) => fromPdfDate(toPdfDate(iso)) === fromPdfDate(readText(read, dict, key));
    return same(kept.c, 'CreationDate') && same(kept.u, 'M') ? { c: kept.c, u: kept.u } : undefined;
  } catch {
    return undefined;
  }
}

/** The reply `dict` holds; undefined for a state the model does not have. */
export function readReply(read: DictReader, dict: PdfDict, pageNumber: number): Reply | undefined {
  const state = readName(read, dict, 'State');
  let mark: Reply['state'];
  if (state !== undefined) {
    // /StateModel is required with /State; a file without one is read as the Review model.
    if ((readName(read, dict, 'StateModel') ?? 'Review') !== 'Review') return undefined;
    mark = STATE_OF.get(state);
    if (!mark) return undefined;
  }
  const base = baseFields(read, dict, pageNumber);
  const dates = keptDates(read, dict);
  return {
    id: base.id,
    ...(base.author === undefined ? {} : { author: base.author }),
    content: readContents(read, dict),
    ...(mark ? { state: mark } : {}),
    createdAt: dates?.c ?? base.createdAt,
    updatedAt: dates?.u ?? base.updatedAt,
  };
}

/** The key of a page's /Annots entry: its reference, which an /IRT names. */
export function entryKey(entry: PdfObjectValue | undefined): string | undefined {
  return entry instanceof PdfRef ? entry.toString() : undefined;
}

/** Replies gathered while the pages are read, attached to what they answer once all are read. */
export class ThreadCollector {
  /** The annotation each entry read, by its key. */
  private readonly annotations = new Map<string, Annotation>();
  /** What each reply entry answers, by its key. */
  private readonly answers = new Map<string, string>();
  private readonly replies: { target: string; reply: Reply; page: number }[] = [];

  annotation(key: string | undefined, annotation: Annotation): void {
    if (key !== undefined && !this.annotations.has(key)) this.annotations.set(key, annotation);
  }

  reply(key: string | undefined, target: string, reply: Reply | undefined, page: number): void {
    if (key !== undefined) this.answers.set(key, target);
    if (reply) this.replies.push({ target, reply, page });
  }

  /** `annotations` with each reply in the thread of the annotation it answers; a reply to nothing read is warned of. */
  attach(annotations: Annotation[], warn: (message: string) => void): Annotation[] {
    const threads = new Map<Annotation, Reply[]>();
    for (const { target, reply, page } of this.replies) {
      // A reply to a reply joins the thread they both belong to; the count stops a loop of answers.
      let key = target;
      for (let hops = 0; !this.annotations.has(key) && this.answers.has(key) && hops < this.answers.size; hops++) key = this.answers.get(key) as string;
      const root = this.annotations.get(key);
      if (!root) {
        warn(`A reply on page ${page} answers an annotation that was not imported; skipped.`);
        continue;
      }
      const thread = threads.get(root);
      if (thread) thread.push(reply);
      else threads.set(root, [reply]);
    }
    if (threads.size === 0) return annotations;
    return annotations.map((annotation) => {
      const replies = threads.get(annotation);
      return replies ? { ...annotation, replies: [...(annotation.replies ?? []), ...replies] } : annotation;
    });
  }
}
