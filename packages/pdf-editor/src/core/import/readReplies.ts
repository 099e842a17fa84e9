// Threads on import, from any tool that writes them as PDF does (Acrobat, MuPDF, ours): a /Text
// annotation that answers another (/IRT, with /RT /R or no /RT) is a reply, not a note of its own;
// its author, text and dates join the thread of the annotation it answers, or of that one's
// thread when it answers a reply. A review-state reply marks the thread resolved (/Completed) or
// reopened (/None); other states (Accepted, Rejected, Cancelled, the Marked model) are not in the
// model and are left out. /RT /Group makes an annotation part of a group, which is no reply: it
// is read as an annotation of its own, as is any other subtype with /IRT. Replies are collected
// while the pages are read and attached at the end: a reply may come before what it answers.
import { PdfRef, type PdfDict } from '../pdf/engine';
import { fromPdfDate, toPdfDate } from '../export/native/pdfDate';
import { MARGINALIA_DATA_NAME } from '../export/native/marginaliaData';
import type { ReplyDates } from '../export/native/writeReplies';
import type { Annotation } from '../model/types';
import type { Reply } from '../model/thread';
import type { PdfObjectValue } from '../pdfObjectTypes';
import { baseFields } from './keysCopy';
import { readContents, readName, readText, type DictReader } from './pdfReaders';

/** Our state changes by their /State in the /Review model (export/native/writeReplies.ts writes them). */
const STATE_OF: Readonly<Record<string, Reply['state']>> = { Completed: 'resolved', None: 'reopened' };

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
    mark = STATE_OF[state];
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
