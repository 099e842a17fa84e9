// The colour a content stream (an annotation's appearance) paints its text in: the fill colour in
// force at its first text-showing operator, following q/Q. What readers draw, which can differ
// from what /DA claims.
import { colorOf } from './pdfReaders';

/** Operators that show text. */
const SHOW_TEXT = new Set(['Tj', 'TJ', "'", '"']);

/** Skips a literal string starting at `start` (an opening parenthesis); returns the index after it. */
function skipLiteralString(text: string, start: number): number {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') index++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return index + 1;
  }
  return text.length;
}

/** The operands and operators of a content stream, strings and arrays reduced to placeholders. */
function* tokens(text: string): Generator<string> {
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (/\s/.test(char)) {
      index++;
    } else if (char === '%') {
      while (index < text.length && text[index] !== '\n' && text[index] !== '\r') index++;
    } else if (char === '(') {
      index = skipLiteralString(text, index);
      yield '(string)';
    } else if (char === '<' && text[index + 1] !== '<') {
      const end = text.indexOf('>', index);
      index = end < 0 ? text.length : end + 1;
      yield '(string)';
    } else if (char === '[' || char === ']' || char === '{' || char === '}') {
      index++;
      yield char;
    } else if (char === '<' || char === '>') {
      index += 2;
      yield char + char;
    } else {
      const match = /^\/?[^\s()<>[\]{}/%]*/.exec(text.slice(index, index + 256));
      const token = match?.[0] || char;
      index += token.length;
      yield token;
    }
  }
}

/**
 * `#RRGGBB` of the fill colour the first text is shown in (black when nothing set one), or
 * undefined when the stream shows no text or sets its colour in a way this does not follow
 * (patterns, named colour spaces).
 */
export function textFillColor(content: string): string | undefined {
  const stack: (string | undefined)[] = [];
  let fill: string | undefined = '#000000';
  let operands: number[] = [];
  for (const token of tokens(content)) {
    const number = Number(token);
    if (token !== '' && Number.isFinite(number) && /^[-+.\d]/.test(token)) {
      operands.push(number);
      continue;
    }
    if (token === 'q') stack.push(fill);
    else if (token === 'Q') fill = stack.length > 0 ? stack.pop() : fill;
    else if (token === 'g') fill = colorOf(operands.slice(-1));
    else if (token === 'rg') fill = colorOf(operands.slice(-3));
    else if (token === 'k') fill = colorOf(operands.slice(-4));
    else if (token === 'sc' || token === 'scn') fill = [1, 3, 4].includes(operands.length) ? colorOf(operands) : undefined;
    else if (token === 'cs') fill = undefined;
    else if (SHOW_TEXT.has(token)) return fill;
    if (!/^\//.test(token) && token !== '(string)' && token !== '[' && token !== ']') operands = [];
  }
  return undefined;
}
