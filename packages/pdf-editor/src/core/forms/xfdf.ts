// Form values as XFDF (ISO 19444-1), the XML Acrobat and other readers import and export field
// values in, and as JSON. XFDF names a field by nesting its partial names (or by its full name in
// one `name`, which readers accept too) and gives every value as text: a check box's on state or
// "Off", a list box's options as several <value> elements; the fields' types (`readFormFields`)
// say how to read them back.
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { InvalidInputError } from '../errors';
import type { FormField, FormFieldValue, FormValues } from './formFields';

const OFF = 'Off';

interface XfdfField {
  '@_name': string;
  value?: string[];
  field?: XfdfField[];
}

/** The text values XFDF gives a field's value. */
function texts(field: Pick<FormField, 'type' | 'options'>, value: FormFieldValue): string[] {
  if (field.type === 'checkbox') return [value === true ? (field.options[0] ?? 'Yes') : OFF];
  if (field.type === 'radio') return [typeof value === 'string' ? value : OFF];
  if (Array.isArray(value)) return value;
  return typeof value === 'string' ? [value] : [];
}

/**
 * The values of `fields` (`readFormFields`), or `values` over them, as an XFDF document; `href`
 * names the PDF they belong to. Push buttons and signature fields, which hold no value, are left out.
 *
 * @example
 * const xfdf = formValuesToXfdf(await readFormFields(bytes), { href: 'f1040.pdf' });
 */
export function formValuesToXfdf(fields: readonly FormField[], options: { values?: FormValues; href?: string } = {}): string {
  const root: XfdfField[] = [];
  for (const field of fields) {
    if (field.type === 'button' || field.type === 'signature') continue;
    const value = options.values && field.name in options.values ? options.values[field.name] ?? null : field.value;
    let level = root;
    const parts = field.name.split('.');
    for (const [index, part] of parts.entries()) {
      let node = level.find((item) => item['@_name'] === part);
      if (!node) level.push((node = { '@_name': part }));
      if (index === parts.length - 1) node.value = texts(field, value);
      else level = node.field ??= [];
    }
  }
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });
  const body = builder.build({
    xfdf: { '@_xmlns': 'http://ns.adobe.com/xfdf/', '@_xml:space': 'preserve', fields: { field: root }, ...(options.href ? { f: { '@_href': options.href } } : {}) },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/**
 * The values an XFDF document gives the fields of `fields` (`readFormFields`), typed as `fillForm`
 * takes them: a check box's on state or "Off" as true or false, a radio group's "Off" as null, a
 * list box's values as a list. Values for fields the form does not have are left out.
 *
 * @throws InvalidInputError when `xfdf` is not an XFDF document.
 */
export function formValuesFromXfdf(xfdf: string, fields: readonly FormField[]): FormValues {
  if (typeof xfdf !== 'string') throw new InvalidInputError('xfdf', 'expected the XFDF document as a string');
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    trimValues: false,
    removeNSPrefix: true,
    isArray: (name) => name === 'field' || name === 'value',
  });
  let document: { xfdf?: { fields?: { field?: XfdfField[] } | string } };
  try {
    document = parser.parse(xfdf, true) as typeof document;
  } catch (error) {
    throw new InvalidInputError('xfdf', `not well-formed XML (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!document.xfdf) throw new InvalidInputError('xfdf', 'expected an <xfdf> document');
  const byName = new Map(fields.map((field) => [field.name, field]));
  const values: FormValues = {};
  const visit = (nodes: readonly XfdfField[], prefix: string) => {
    for (const node of nodes) {
      const name = prefix ? `${prefix}.${node['@_name']}` : node['@_name'];
      if (node.field) visit(node.field, name);
      const field = byName.get(name);
      if (!field || !node.value) continue;
      const given = node.value.map((value) => (typeof value === 'string' ? value : String((value as { '#text'?: unknown })['#text'] ?? '')));
      values[name] =
        field.type === 'checkbox'
          ? given[0] !== undefined && given[0] !== OFF
          : field.type === 'radio'
            ? given[0] === undefined || given[0] === OFF ? null : given[0]
            : field.type === 'list'
              ? given
              : (given[0] ?? '');
    }
  };
  const listed = document.xfdf.fields;
  visit(typeof listed === 'object' ? (listed.field ?? []) : [], '');
  return values;
}

export { parseFormValues } from './valuesJson';
