// The inputs of one page's form fields, real HTML controls laid over the widgets: text inputs in
// the field's font size (comb fields spread over their cells, the maximum length enforced), text
// areas for multi-line fields, check boxes, radio buttons, selects for combo and list boxes (an
// editable combo takes text of its own). Each is named for screen readers by the field's tooltip
// or name; read-only fields are disabled. Text commits on blur or Enter as one undo step, the other
// controls on change. Tab walks the fields in the form's order across pages, going to a page whose
// inputs are not mounted yet. Loaded lazily by FormLayer.
import { useId, useMemo, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactElement } from 'react';
import type { Editor, EditorFormField, EditorFormWidget, FormFieldValue } from '../../editor/index';
import { format } from '../../editor/internal';
import { useEditorRuntime, useEditorState, useForm } from '../context';

/** The inputs of an editor's pages by field and widget, for Tab to move between pages. */
interface TabStops {
  elements: Map<string, HTMLElement>;
  pending: string | null;
}
const stopsOf = new WeakMap<Editor, TabStops>();
const keyOf = (field: EditorFormField, index: number) => `${index}:${field.name}`;

function tabStops(editor: Editor): TabStops {
  let stops = stopsOf.get(editor);
  if (!stops) stopsOf.set(editor, (stops = { elements: new Map(), pending: null }));
  return stops;
}

interface InputProps {
  field: EditorFormField;
  widget: EditorFormWidget;
  index: number;
  value: FormFieldValue | undefined;
  zoom: number;
}

/** What every control of a widget shares: its box, its label, its place in the tab order. */
function useControl({ field, widget, index, zoom }: InputProps) {
  const runtime = useEditorRuntime();
  const key = keyOf(field, index);
  const stops = tabStops(runtime);
  const { rect } = widget;
  const fontSize = (field.fontSize ?? Math.max(6, Math.min(12, rect.height * 0.7))) * zoom;
  const style: CSSProperties = {
    left: rect.x * zoom,
    top: rect.y * zoom,
    width: rect.width * zoom,
    height: rect.height * zoom,
    fontSize,
    textAlign: field.textAlign,
  };
  const set = (value: FormFieldValue) => {
    try {
      runtime.forms.setValue(field.name, value);
    } catch (error) {
      runtime.store.getState().actions.setNotice({ message: runtime.messages.formValueRefused, detail: error instanceof Error ? error.message : String(error) });
    }
  };
  const ref = (element: HTMLElement | null) => {
    if (!element) {
      stops.elements.delete(key);
      return;
    }
    stops.elements.set(key, element);
    if (stops.pending === key) {
      stops.pending = null;
      element.focus();
    }
  };
  // Tab and Shift+Tab go to the next field in the form's order, wherever its page is; past the
  // last one the browser's own order takes over.
  const onKeyDown = (event: KeyboardEvent) => {
    // The editor's shortcuts (tool letters, Delete) are not for text typed into a field.
    event.stopPropagation();
    if (event.key !== 'Tab') return;
    const order = runtime.forms
      .getState()
      .fields.flatMap((each) => (each.readOnly ? [] : each.widgets.map((at, atIndex) => ({ key: keyOf(each, atIndex), page: at.page }))));
    const next = order[order.findIndex((stop) => stop.key === key) + (event.shiftKey ? -1 : 1)];
    if (!next) return;
    event.preventDefault();
    const element = stops.elements.get(next.key);
    if (element) element.focus();
    else {
      stops.pending = next.key;
      runtime.goToPage(next.page);
    }
  };
  return {
    style,
    set,
    common: {
      ref,
      onKeyDown,
      disabled: field.readOnly,
      'aria-label': field.label ?? field.name,
      'aria-required': field.required || undefined,
      'data-field': field.name,
      onPointerDown: (event: { stopPropagation(): void }) => event.stopPropagation(),
    },
  };
}

function TextControl(props: InputProps) {
  const { field, value, zoom } = props;
  const { style, set, common } = useControl(props);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (typeof value === 'string' ? value : '');
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft !== value) set(draft);
  };
  const comb = field.comb && field.maxLength ? (props.widget.rect.width * zoom) / field.maxLength : null;
  const shared = {
    ...common,
    className: comb ? 'mg-form-field mg-form-comb' : 'mg-form-field',
    value: text,
    maxLength: field.maxLength ?? undefined,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onBlur: commit,
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key === 'Escape') setDraft(null);
    else if (event.key === 'Enter' && !field.multiline) commit();
    else if (event.key === 'Tab') commit();
    common.onKeyDown(event);
  };
  if (field.multiline) return <textarea {...shared} style={style} onKeyDown={onKeyDown} />;
  // A comb field's characters sit one per cell: monospaced, spaced to the cell's width.
  const combStyle: CSSProperties = comb
    ? { ...style, letterSpacing: `calc(${comb}px - 1ch)`, paddingLeft: `calc((${comb}px - 1ch) / 2)`, textAlign: 'left' }
    : style;
  return <input {...shared} type="text" style={combStyle} onKeyDown={onKeyDown} />;
}

function CheckControl(props: InputProps) {
  const { field, widget, value } = props;
  const { style, set, common } = useControl(props);
  const group = useId();
  if (field.type === 'radio') {
    return (
      <input
        {...common}
        type="radio"
        name={group}
        className="mg-form-field mg-form-check"
        style={style}
        aria-label={`${field.label ?? field.name}: ${widget.exportValue ?? ''}`}
        checked={value !== null && value === widget.exportValue}
        onChange={() => set(widget.exportValue)}
      />
    );
  }
  return <input {...common} type="checkbox" className="mg-form-field mg-form-check" style={style} checked={value === true} onChange={(event) => set(event.target.checked)} />;
}

function ChoiceControl(props: InputProps) {
  const { field, value } = props;
  const { style, set, common } = useControl(props);
  const list = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const options = field.options.map((option) => (
    <option key={option} value={option}>
      {option}
    </option>
  ));
  if (field.type === 'list') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <select
        {...common}
        className="mg-form-field"
        style={style}
        multiple={field.multiSelect}
        size={Math.max(2, field.options.length)}
        value={field.multiSelect ? chosen : (chosen[0] ?? '')}
        onChange={(event) => set([...event.target.selectedOptions].map((option) => option.value))}
      >
        {options}
      </select>
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (field.editable) {
    const commit = () => {
      if (draft !== null && draft !== text) set(draft);
      setDraft(null);
    };
    return (
      <>
        <input
          {...common}
          type="text"
          className="mg-form-field"
          style={style}
          list={list}
          value={draft ?? text}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === 'Tab') commit();
            if (event.key === 'Escape') setDraft(null);
            common.onKeyDown(event);
          }}
        />
        <datalist id={list}>{options}</datalist>
      </>
    );
  }
  return (
    <select {...common} className="mg-form-field" style={style} value={text} onChange={(event) => set(event.target.value)}>
      {!field.options.includes(text) && <option value={text}>{text}</option>}
      {options}
    </select>
  );
}

const CONTROLS: Partial<Record<EditorFormField['type'], (props: InputProps) => ReactElement>> = {
  text: TextControl,
  checkbox: CheckControl,
  radio: CheckControl,
  combo: ChoiceControl,
  list: ChoiceControl,
};

export default function FormInputs({ pageNumber, zoom }: { pageNumber: number; zoom: number }) {
  const runtime = useEditorRuntime();
  const fields = useForm((state) => state.fields);
  const values = useEditorState((state) => state.formValues);
  const tool = useEditorState((state) => state.tool);
  const widgets = useMemo(
    () => fields.flatMap((field) => field.widgets.flatMap((widget, index) => (widget.page === pageNumber && CONTROLS[field.type] ? [{ field, widget, index }] : []))),
    [fields, pageNumber],
  );
  return (
    // Other tools draw over the form: the inputs take the pointer only with the select tool.
    <div className="mg-form-layer" role="group" aria-label={format(runtime.messages.formFields, { page: pageNumber })} data-interactive={tool === 'select'}>
      {widgets.map(({ field, widget, index }) => {
        const Control = CONTROLS[field.type]!;
        const value = field.name in values ? values[field.name] : field.value;
        return <Control key={keyOf(field, index)} field={field} widget={widget} index={index} value={value} zoom={zoom} />;
      })}
    </div>
  );
}
