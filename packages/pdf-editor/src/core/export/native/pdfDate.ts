// PDF date strings (D:YYYYMMDDHHmmSSOHH'mm') to and from the model's ISO timestamps. Export writes
// UTC; import is lenient because real files carry malformed offsets (e.g. +00'240').

/** The last conversion: the annotations of one export mostly share their timestamps. */
let last: { iso: string; pdf: string | undefined } | undefined;

/** `D:YYYYMMDDHHmmSSZ` for an ISO timestamp; undefined when the timestamp does not parse. */
export function toPdfDate(iso: string): string | undefined {
  if (last?.iso !== iso) last = { iso, pdf: convert(iso) };
  return last.pdf;
}

function convert(iso: string): string | undefined {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `D:${String(date.getUTCFullYear()).padStart(4, '0')}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}` +
    `${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z`
  );
}

const PDF_DATE = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/;

/**
 * The ISO timestamp of a PDF date string, or undefined when it is missing or its calendar fields
 * are out of range. An offset that is itself out of range is ignored (read as UTC) rather than losing the date.
 */
export function fromPdfDate(text: string | undefined): string | undefined {
  // A missing or empty date, which no date reads as, leaves the cache alone: export leaves
  // /CreationDate out when it is /M, and an empty text read between two /M dates had each of them
  // parsed anew.
  if (!text) return undefined;
  if (lastRead?.text !== text) lastRead = { text, iso: parsePdfDate(text) };
  return lastRead.iso;
}

/** The last date read: a file's annotations mostly share a few, and import reads two of each. */
let lastRead: { text: string; iso: string | undefined } | undefined;

function parsePdfDate(text: string): string | undefined {
  const match = PDF_DATE.exec(text.trim());
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, offH, offM] = match;
  const fields = [Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second)] as const;
  const [y, mo, d, h, mi, s] = fields;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59 || y < 1000) return undefined;
  let utc = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 31 February over into March; such a date was not a real one.
  if (new Date(utc).getUTCDate() !== d) return undefined;
  const offsetHours = Number(offH ?? '0');
  const offsetMinutes = Number(offM ?? '0');
  if ((sign === '+' || sign === '-') && offsetHours <= 23 && offsetMinutes <= 59) {
    const offset = (offsetHours * 60 + offsetMinutes) * 60_000;
    utc += sign === '+' ? -offset : offset;
  }
  return new Date(utc).toISOString();
}
