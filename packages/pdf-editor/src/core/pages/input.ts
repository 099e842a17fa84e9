// The shape of what page operations are given, checked before any document is opened: a page
// number that cannot be one (0, 'x', 1.5), a range ending before it starts, a rotation that is not
// a quarter turn are typed InvalidInputErrors naming the field (`pages[2]`, `degrees`,
// `operation.ranges[0].to`). Whether the pages exist in the document is validate.ts's concern
// (PageRangeError).
import { InvalidInputError } from '../errors';
import {
  checkArray,
  checkBytes,
  checkInteger,
  checkObject,
  checkOptional,
  checkOptions,
  invalid,
} from '../input';
import type { PageOperation, PageRange, PageSize, RotationDelta } from './types';

const ROTATIONS: readonly unknown[] = [90, 180, 270, -90];
const OPERATION_TYPES: readonly unknown[] = [
  'merge',
  'split',
  'extract',
  'rotate',
  'delete',
  'reorder',
  'insert',
];

export function checkPageList(value: unknown, field: string): asserts value is readonly number[] {
  checkArray(value, field, 'page numbers').forEach((page, index) =>
    checkInteger(page, `${field}[${index}]`, 1),
  );
}

export function checkPageRange(value: unknown, field: string): asserts value is PageRange {
  const { from, to } = checkObject(value, field);
  checkInteger(from, `${field}.from`, 1);
  checkInteger(to, `${field}.to`, 1);
  if (from > to)
    throw new InvalidInputError(`${field}.to`, `a range ends at or after its start; got ${from}-${to}`);
}

export function checkRangeList(value: unknown, field: string): asserts value is readonly PageRange[] {
  checkArray(value, field, 'page ranges').forEach((range, index) =>
    checkPageRange(range, `${field}[${index}]`),
  );
}

export function checkDegrees(value: unknown, field: string): asserts value is RotationDelta {
  if (!ROTATIONS.includes(value)) invalid(field, 'a quarter turn: 90, 180, 270 or -90 degrees', value);
}

export function checkPageSize(value: unknown, field: string): asserts value is PageSize {
  const { width, height } = checkObject(value, field);
  for (const [name, side] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (typeof side !== 'number' || !Number.isFinite(side) || side <= 0)
      invalid(`${field}.${name}`, 'a positive number of points', side);
  }
}

/** The options every page operation takes; `password` must be a string. */
export function checkPageOptions(value: unknown, field = 'options'): Record<string, unknown> {
  const options = checkOptions(value, field);
  checkOptional(options.password, `${field}.password`, 'string');
  return options;
}

/** The options of insertPages: a PDF to insert or a size for blank pages. */
export function checkInsertOptions(value: unknown, field = 'options'): void {
  const { document, size } = checkPageOptions(value, field);
  if (document !== undefined) checkBytes(document, `${field}.document`);
  if (size !== undefined) checkPageSize(size, `${field}.size`);
}

/** A page operation given as data, each field named under `field` (`operation.pages[1]`). */
export function checkOperation(value: unknown, field = 'operation'): asserts value is PageOperation {
  const operation = checkObject(value, field);
  const { type } = operation;
  if (!OPERATION_TYPES.includes(type)) invalid(`${field}.type`, `one of ${OPERATION_TYPES.join(', ')}`, type);
  switch (type as PageOperation['type']) {
    case 'merge':
      checkArray(operation.documents, `${field}.documents`, 'PDFs').forEach((document, index) =>
        checkBytes(document, `${field}.documents[${index}]`),
      );
      return;
    case 'split':
      return checkRangeList(operation.ranges, `${field}.ranges`);
    case 'extract':
      return checkPageRange(operation.range, `${field}.range`);
    case 'rotate':
      checkPageList(operation.pages, `${field}.pages`);
      return checkDegrees(operation.degrees, `${field}.degrees`);
    case 'delete':
      return checkPageList(operation.pages, `${field}.pages`);
    case 'reorder':
      return checkPageList(operation.order, `${field}.order`);
    case 'insert':
      checkInteger(operation.at, `${field}.at`, 1);
      checkInteger(operation.count, `${field}.count`, 1);
      if (operation.document !== undefined) checkBytes(operation.document, `${field}.document`);
      if (operation.size !== undefined) checkPageSize(operation.size, `${field}.size`);
  }
}

/** Displayed page sizes as getPageSizes gives them, or undefined. */
export function checkPageSizes(value: unknown, field: string): void {
  if (value === undefined) return;
  checkArray(value, field, 'page sizes').forEach((size, index) => checkPageSize(size, `${field}[${index}]`));
}
