// The form fields of the document pdf.js shows, read from pdf.js itself (its field objects for the
// names in the form's order, each page's widget data for the rest), so filling a form never loads
// the PDF engine: only the export does. What it gives agrees with the core's `readFormFields`
// (names, types, values, options, flags and widget boxes; pdfjsFields.test.ts compares them), plus
// what the viewer needs to draw an input over each widget: the font size of its /DA, its tooltip
// (/TU), its alignment and each widget's own on state.
import type { FormField, FormFieldWidget } from '../../core/index';
import type { PDFDocumentProxy } from '../document/pdfjs';

/** One widget of a field: its page and box, and the on state of a check box or radio button. */
export interface EditorFormWidget extends FormFieldWidget {
  /** The value this widget stands for: a radio button's export value, a check box's on state; else null. */
  exportValue: string | null;
}

/** A form field as the editor shows it: the core's `FormField` and what an input over it needs. */
export interface EditorFormField extends FormField {
  widgets: EditorFormWidget[];
  /** Its tooltip (/TU), which names it to screen readers; null when it has none (the name does then). */
  label: string | null;
  /** The font size of its default appearance (/DA), in points; null for "auto". */
  fontSize: number | null;
  /** Where its text sits (/Q). */
  textAlign: 'left' | 'center' | 'right';
}

/** The parts of pdf.js's widget annotation data read here. */
interface WidgetData {
  id: string;
  subtype: string;
  fieldType?: 'Tx' | 'Btn' | 'Ch' | 'Sig';
  fieldValue?: string | string[] | null;
  fieldFlags?: number;
  rect: number[];
  hidden?: boolean;
  readOnly?: boolean;
  required?: boolean;
  alternativeText?: string;
  defaultAppearanceData?: { fontSize?: number };
  textAlignment?: number | null;
  maxLen?: number;
  multiLine?: boolean;
  comb?: boolean;
  checkBox?: boolean;
  radioButton?: boolean;
  exportValue?: string;
  buttonValue?: string | null;
  options?: { exportValue: string; displayValue: string }[];
  combo?: boolean;
  multiSelect?: boolean;
}

interface FieldObject {
  id: string;
  type: string;
  page: number;
}

interface Placed {
  data: WidgetData;
  page: number;
  rect: FormFieldWidget['rect'];
}

/** /Ff bit 19: a combo box that takes text of its own. */
const EDIT_FLAG = 1 << 18;
const ALIGN = ['left', 'center', 'right'] as const;

function typeOf(data: WidgetData): FormField['type'] {
  switch (data.fieldType) {
    case 'Tx':
      return 'text';
    case 'Ch':
      return data.combo ? 'combo' : 'list';
    case 'Sig':
      return 'signature';
    default:
      return data.checkBox ? 'checkbox' : data.radioButton ? 'radio' : 'button';
  }
}

const unique = (values: readonly string[]) => [...new Set(values)];

function valueOf(type: FormField['type'], first: WidgetData, widgets: readonly Placed[]): FormField['value'] {
  const raw = first.fieldValue;
  const text = Array.isArray(raw) ? raw[0] : raw;
  switch (type) {
    case 'text':
    case 'combo':
      return text ?? '';
    case 'checkbox':
      return text !== undefined && text !== null && text !== 'Off' && widgets.some(({ data }) => data.exportValue === text);
    case 'radio':
      return widgets.some(({ data }) => data.buttonValue === text) ? (text ?? null) : null;
    case 'list':
      return Array.isArray(raw) ? [...raw] : typeof raw === 'string' && raw ? [raw] : [];
    default:
      return null;
  }
}

function optionsOf(type: FormField['type'], first: WidgetData, widgets: readonly Placed[]): string[] {
  if (type === 'checkbox') return first.exportValue ? [first.exportValue] : [];
  if (type === 'radio') return unique(widgets.flatMap(({ data }) => data.buttonValue ?? []));
  if (type === 'combo' || type === 'list') return (first.options ?? []).map((option) => option.exportValue);
  return [];
}

function describe(name: string, widgets: readonly Placed[]): EditorFormField {
  const first = widgets[0]!.data;
  const type = typeOf(first);
  const text = type === 'text';
  return {
    name,
    type,
    value: valueOf(type, first, widgets),
    options: optionsOf(type, first, widgets),
    readOnly: first.readOnly ?? false,
    required: first.required ?? false,
    multiline: text && (first.multiLine ?? false),
    maxLength: text && first.maxLen ? first.maxLen : null,
    comb: text && (first.comb ?? false),
    multiSelect: type === 'list' && (first.multiSelect ?? false),
    editable: type === 'combo' && ((first.fieldFlags ?? 0) & EDIT_FLAG) !== 0,
    widgets: widgets.map(({ data, page, rect }) => ({
      page,
      rect,
      exportValue: type === 'checkbox' ? (data.exportValue ?? null) : type === 'radio' ? (data.buttonValue ?? null) : null,
    })),
    label: first.alternativeText || null,
    fontSize: first.defaultAppearanceData?.fontSize || null,
    textAlign: ALIGN[first.textAlignment ?? 0] ?? 'left',
  };
}

/**
 * The terminal fields of `pdf`'s form in the form's order (which is the tab order), each with its
 * visible widgets; an empty list, after one cheap call, for a document without a form.
 */
export async function readPdfjsFormFields(pdf: PDFDocumentProxy): Promise<EditorFormField[]> {
  // pdf.js sends a Map by name (its types still say an object); either keeps the form's order.
  const objects = (await pdf.getFieldObjects()) as unknown as Map<string, FieldObject[]> | Record<string, FieldObject[]> | null;
  if (!objects) return [];
  const terminal = (objects instanceof Map ? [...objects] : Object.entries(objects)).map(([name, entries]) => [name, entries.filter((entry) => entry && entry.type !== '')] as const);
  const pages = unique(terminal.flatMap(([, entries]) => entries.map((entry) => String(entry.page)))).map(Number);
  const placed = new Map<string, Placed>();
  await Promise.all(
    pages.map(async (index) => {
      const page = await pdf.getPage(index + 1);
      const viewport = page.getViewport({ scale: 1 });
      for (const data of (await page.getAnnotations()) as WidgetData[]) {
        if (data.subtype !== 'Widget' || data.hidden) continue;
        const [ax, ay, bx, by] = data.rect as [number, number, number, number];
        const [x1, y1] = viewport.convertToViewportPoint(ax, ay) as [number, number];
        const [x2, y2] = viewport.convertToViewportPoint(bx, by) as [number, number];
        const rect = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
        placed.set(data.id, { data, page: index + 1, rect });
      }
    }),
  );
  return terminal.flatMap(([name, entries]) => {
    const widgets = entries.flatMap((entry) => placed.get(entry.id) ?? []);
    return widgets.length > 0 ? [describe(name, widgets)] : [];
  });
}
