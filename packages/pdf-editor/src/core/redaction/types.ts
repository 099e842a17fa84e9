// The public shapes of redaction: what the caller marks, and what comes back.
import type { Rect } from '../model/types';

/** One area to redact: a rectangle of a page, in page space (points from the displayed top-left). */
export interface RedactionArea {
  /** 1-based page number. */
  page: number;
  /** The area, as annotations give theirs: points from the top-left of the page as displayed. */
  rect: Rect;
}

/** The options of `redactPdf`: the areas, how they are filled, and what else goes. */
export interface RedactOptions {
  /** The areas whose content is removed. */
  areas: readonly RedactionArea[];
  /** The colour each area is filled with, `#rrggbb`. Default black, `#000000`. */
  fill?: string;
  /** Text written centred in each area (Latin-1 characters, Helvetica), e.g. `REDACTED`. Default none. */
  overlayText?: string;
  /** Also remove the document information, the XMP metadata, the bookmarks and the attachments. Default false. */
  removeMetadata?: boolean;
  /** The password of an encrypted file (its owner password, or a user password that allows changes). */
  password?: string;
}

/** An annotation that lay under an area and is gone from the file. */
export interface RemovedAnnotation {
  /** Its PDF subtype, e.g. `Highlight`, `Link`, `Widget`. */
  subtype: string;
  /** Its id (/NM) when it has one: our own annotations' `id`. */
  id?: string;
}

/** What was removed under one area, in the order the areas were given. */
export interface RedactedArea {
  page: number;
  rect: Rect;
  /** How many characters of text the area removed, glyphs and all (every one it touched). */
  characters: number;
  /** Whether the page's content (text, images, vector graphics) changed under the area. */
  contentChanged: boolean;
  /** The annotations under the area (links, form widgets, popups and replies of removed ones included). */
  annotations: RemovedAnnotation[];
  /** The fully qualified names of the form fields removed because a widget of theirs lay under the area. */
  formFields: string[];
}

/** What `removeMetadata` removed from the document. */
export type RemovedMetadata = 'info' | 'xmp' | 'bookmarks' | 'attachments';

/** What `redactPdf` returns: the new file and what was removed. */
export interface RedactionResult {
  /** The redacted file: written anew, without earlier revisions or unused objects. */
  bytes: Uint8Array;
  areas: RedactedArea[];
  /** What `removeMetadata` found and removed (empty without it). */
  metadata: RemovedMetadata[];
}
