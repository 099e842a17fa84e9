// Writes content-stream operators straight into bytes, one page's additions at a time. Drawing APIs
// that build an object per operator and per number, or run SVG paths through a parser, cost far
// more; writing ASCII bytes directly (numbers digit by digit, no intermediate strings) is what keeps
// flattening a thousand annotations cheap. The builder knows nothing of coordinate frames or
// resources: callers pass final numbers and resource names.
import type { RgbComponents } from '../../pdf/color';
import type { ExportFont } from '../context';
import type { TextLine } from '../textBlock';

/** The PDF line cap styles a path can take (`J`). */
export const LineCap = { round: 1 } as const;
/** The PDF line join styles a path can take (`j`). */
export const LineJoin = { round: 1 } as const;

const SPACE = 0x20;
const NEWLINE = 0x0a;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const SLASH = 0x2f;
const MAX_MAGNITUDE = 1e6;

/** The control-point distance that makes a cubic Bezier quarter arc deviate least from a circle. */
const KAPPA = 0.5522847498;

/** A content stream being written: path, colour, text and image operators, in display coordinates. */
export class ContentBuilder {
  private buffer = new Uint8Array(1024);
  private length = 0;

  /** Bytes written so far. */
  get size(): number {
    return this.length;
  }

  /** A copy of the bytes written so far. */
  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }

  /** The bytes written so far, without a copy: valid until the next write or `clear`. */
  view(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  /** Starts over on the same buffer: one builder serves many small streams (appearances). */
  clear(): this {
    this.length = 0;
    return this;
  }

  save(): this {
    return this.op('q');
  }

  restore(): this {
    return this.op('Q');
  }

  transform(a: number, b: number, c: number, d: number, e: number, f: number): this {
    return this.num(a).num(b).num(c).num(d).num(e).num(f).op('cm');
  }

  /** Applies the named /ExtGState resource (opacity, blend mode). */
  graphicsState(name: string): this {
    return this.name(name).op('gs');
  }

  fillColor({ r, g, b }: RgbComponents): this {
    return this.num(r).num(g).num(b).op('rg');
  }

  strokeColor({ r, g, b }: RgbComponents): this {
    return this.num(r).num(g).num(b).op('RG');
  }

  lineWidth(width: number): this {
    return this.num(width).op('w');
  }

  lineCap(cap: (typeof LineCap)[keyof typeof LineCap]): this {
    return this.num(cap).op('J');
  }

  lineJoin(join: (typeof LineJoin)[keyof typeof LineJoin]): this {
    return this.num(join).op('j');
  }

  moveTo(x: number, y: number): this {
    return this.num(x).num(y).op('m');
  }

  lineTo(x: number, y: number): this {
    return this.num(x).num(y).op('l');
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): this {
    return this.num(x1).num(y1).num(x2).num(y2).num(x3).num(y3).op('c');
  }

  /** Straight segments through `points`, starting a new subpath at the first. */
  polyline(points: readonly { x: number; y: number }[]): this {
    for (let i = 0; i < points.length; i++) {
      const { x, y } = points[i] as { x: number; y: number };
      if (i === 0) this.moveTo(x, y);
      else this.lineTo(x, y);
    }
    return this;
  }

  rect(x: number, y: number, width: number, height: number): this {
    return this.num(x).num(y).num(width).num(height).op('re');
  }

  /** A closed ellipse centred at cx, cy, as four Bezier arcs. */
  ellipse(cx: number, cy: number, rx: number, ry: number): this {
    const ox = rx * KAPPA;
    const oy = ry * KAPPA;
    return this.moveTo(cx + rx, cy)
      .curveTo(cx + rx, cy + oy, cx + ox, cy + ry, cx, cy + ry)
      .curveTo(cx - ox, cy + ry, cx - rx, cy + oy, cx - rx, cy)
      .curveTo(cx - rx, cy - oy, cx - ox, cy - ry, cx, cy - ry)
      .curveTo(cx + ox, cy - ry, cx + rx, cy - oy, cx + rx, cy)
      .closePath();
  }

  closePath(): this {
    return this.op('h');
  }

  fill(): this {
    return this.op('f');
  }

  stroke(): this {
    return this.op('S');
  }

  fillAndStroke(): this {
    return this.op('B');
  }

  /** Paints the named image XObject into the unit square of the current frame. */
  drawXObject(name: string): this {
    return this.name(name).op('Do');
  }

  /**
   * One laid-out line (textBlock.ts) at `size`, its left end at `x` on `baseline`, in display space
   * (y downwards; the text matrix flips glyphs upright). `fontName` gives each run's font its
   * resource name. Glyphs with moves between them go in one TJ array; a lone glyph string in Tj.
   */
  textLine(line: TextLine, size: number, x: number, baseline: number, fontName: (font: ExportFont) => string): this {
    this.op('BT').num(1).num(0).num(0).num(-1).num(x).num(baseline).op('Tm');
    let rise = 0;
    // Glyph strings (hex, with their brackets) and moves in thousandths of the size, subtracted
    // from the position: negative moves right.
    const parts: (string | number)[] = [];
    const flush = () => {
      const [only] = parts;
      if (parts.length === 1 && typeof only === 'string') this.ascii(only).op(' Tj');
      else if (parts.length > 0) {
        this.ascii('[');
        for (const part of parts) {
          if (typeof part === 'string') this.ascii(part).ascii(' ');
          else this.num(part);
        }
        this.op('] TJ');
      }
      parts.length = 0;
    };
    const move = (ems: number) => {
      // Below the thousandth of a thousandth the builder writes, a move is no move.
      if (Math.round(ems * 1e6) !== 0) parts.push(-ems * 1000);
    };
    for (const run of line.runs) {
      this.name(fontName(run.font)).num(size).op('Tf');
      const glyphs = typeof run.shown === 'string' ? [{ hex: run.shown, before: 0, after: 0, rise: 0 }] : run.shown;
      for (const shown of glyphs) {
        if (shown.rise !== rise) {
          flush();
          rise = shown.rise;
          this.num(rise * size).op('Ts');
        }
        move(shown.before);
        parts.push(shown.hex);
        move(shown.after);
      }
      flush();
    }
    if (rise !== 0) this.op('0 Ts');
    return this.op('ET');
  }

  /** An operator (or any ASCII text) and the line break that ends it. */
  private op(text: string): this {
    this.ascii(text);
    this.buffer[this.length++] = NEWLINE;
    return this;
  }

  private name(name: string): this {
    this.reserve(1);
    this.buffer[this.length++] = SLASH;
    this.ascii(name);
    this.buffer[this.length++] = SPACE;
    return this;
  }

  private ascii(text: string): this {
    // Room for the text and the separator callers append.
    this.reserve(text.length + 1);
    for (let i = 0; i < text.length; i++) this.buffer[this.length++] = text.charCodeAt(i);
    return this;
  }

  /**
   * A number and a space: at most three decimals (a thousandth of a point), never an exponent or
   * "-0". Magnitudes are clamped to a million points, far beyond any page, so the value in
   * thousandths is a 32-bit integer. Kept this small so it is inlined: a double passed to a call
   * that is not inlined is boxed on the heap, and a page carries tens of thousands of numbers.
   */
  private num(value: number): this {
    // NaN becomes 0 through `| 0`.
    return this.thousandths(Math.round((value > MAX_MAGNITUDE ? MAX_MAGNITUDE : value < -MAX_MAGNITUDE ? -MAX_MAGNITUDE : value) * 1000) | 0);
  }

  /** Writes `scaled / 1000` with integer arithmetic, several times faster than `String(number)`. */
  private thousandths(scaled: number): this {
    // Sign, 7 integer digits, point, 3 decimals, space.
    if (this.length + 13 > this.buffer.length) this.reserve(13);
    const buffer = this.buffer;
    if (scaled < 0) {
      buffer[this.length++] = MINUS;
      scaled = -scaled;
    }
    let whole = (scaled / 1000) | 0;
    const fraction = scaled - whole * 1000;
    if (whole < 10) {
      buffer[this.length++] = ZERO + whole;
    } else if (whole < 100) {
      buffer[this.length++] = ZERO + ((whole / 10) | 0);
      buffer[this.length++] = ZERO + (whole % 10);
    } else {
      let digits = 3;
      for (let power = 1000; power <= whole; power *= 10) digits++;
      let at = (this.length += digits);
      do {
        const next = (whole / 10) | 0;
        buffer[--at] = ZERO + (whole - next * 10);
        whole = next;
      } while (whole > 0);
    }
    if (fraction !== 0) {
      buffer[this.length++] = DOT;
      buffer[this.length++] = ZERO + ((fraction / 100) | 0);
      const rest = fraction % 100;
      if (rest !== 0) {
        buffer[this.length++] = ZERO + ((rest / 10) | 0);
        if (rest % 10 !== 0) buffer[this.length++] = ZERO + (rest % 10);
      }
    }
    buffer[this.length++] = SPACE;
    return this;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    let capacity = this.buffer.length * 2;
    while (capacity < this.length + bytes) capacity *= 2;
    const grown = new Uint8Array(capacity);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}
