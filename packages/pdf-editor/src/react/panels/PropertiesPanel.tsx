// "Style Options": colour, font, size, stroke, opacity, alignment, emphasis and whiteout size, and
// the comment thread of the one selected annotation (ThreadPanel).
// It edits the current style and, when annotations are selected, those annotations too: each
// click is one undo step, and one slider drag (however many values it passes) is one step.
import { useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { kindOf } from '../../core/internal';
import { useEditorRuntime, useEditorState } from '../context';
import { FONT_FAMILIES, FONT_SIZES, PALETTE, STROKE_WIDTHS } from '../../editor/index';
import type { AnnotationStyle, EditorState, MessageKey } from '../../editor/index';
import { toolIn, WHITEOUT_LIMITS } from '../../editor/internal';
import type { WhiteoutSize } from '../../editor/internal';
import { ThreadPanel } from './ThreadPanel';

/** Alignment buttons: the value, its message and its glyph. */
const ALIGNMENTS = [
  ['left', 'alignLeft', '⟸'],
  ['center', 'alignCenter', '⟺'],
  ['right', 'alignRight', '⟹'],
] as const satisfies readonly (readonly [AnnotationStyle['textAlign'], MessageKey, string])[];

/** Emphasis toggles: the message, the style field, its "on" and "off" values, and the glyph. */
const EMPHASES = [
  ['bold', 'fontWeight', 'bold', 'normal', <b>B</b>],
  ['italic', 'fontStyle', 'italic', 'normal', <i>I</i>],
  ['underline', 'textDecoration', 'underline', 'none', <u>U</u>],
] as const;

const WHITEOUT_SIZES: readonly (readonly [WhiteoutSize, MessageKey])[] = [
  ['small', 'whiteoutSmall'],
  ['medium', 'whiteoutMedium'],
  ['large', 'whiteoutLarge'],
  ['custom', 'whiteoutCustom'],
];

/** A toggle button that shows whether its value is the current one. */
function Toggle(props: { pressed: boolean; onClick: () => void; label?: string; icon?: boolean; children: ReactNode }) {
  return (
    <button type="button" className={props.icon ? 'mg-icon-button' : 'mg-button'} aria-label={props.label} title={props.label}
      aria-pressed={props.pressed} onClick={props.onClick}>
      {props.children}
    </button>
  );
}

/** A labelled drop-down of preset values. */
function Choice<T extends string | number>(props: { label: string; value: T; options: readonly T[]; onPick: (value: string) => void }) {
  return (
    <label className="mg-field">
      {props.label}
      <select className="mg-input" value={props.value} onChange={(event) => props.onPick(event.target.value)}>
        {props.options.map((option) => <option key={option} value={option}>{option}</option>)}
      </select>
    </label>
  );
}

/**
 * A selector of the first selected annotation's type that looks it up again only when the
 * annotations or the selection changed: the store changes on every pointer move of a gesture, and
 * a search of thousands of annotations per move would make a drag's cost grow with the document.
 */
type AnnotationType = EditorState['annotations'][number]['type'];

function selectedTypeOf(): (state: EditorState) => AnnotationType | undefined {
  let last: { annotations: EditorState['annotations']; id: string | undefined; type: AnnotationType | undefined } | undefined;
  return ({ annotations, selectedIds }) => {
    const id = selectedIds[0];
    if (last?.annotations !== annotations || last.id !== id) {
      last = { annotations, id, type: id === undefined ? undefined : annotations.find((a) => a.id === id)?.type };
    }
    return last.type;
  };
}

/** The Style Options panel for the current tool or the selected annotations. */
export function PropertiesPanel() {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  const style = useEditorState((s) => s.style);
  const tool = useEditorState((s) => s.tool);
  const actions = useEditorState((s) => s.actions);
  const selectedType = useEditorState(useMemo(selectedTypeOf, []));
  // The thread shows for one annotation at a time: replies answer that one.
  const threadId = useEditorState((s) => (s.selectedIds.length === 1 ? s.selectedIds[0] : undefined));
  const gesture = useRef(0);
  const type = selectedType ?? toolIn(runtime.tools, tool).preset.creates;
  const set = (change: Partial<AnnotationStyle>) => actions.setStyle(change);
  // Slider moves share a merge key until the pointer or key is released.
  const slide = (change: Partial<AnnotationStyle>, name: string) => actions.setStyle(change, { mergeKey: `${name}:${gesture.current}` });
  const endSlide = () => {
    gesture.current += 1;
  };
  const sliderEvents = { onPointerUp: endSlide, onKeyUp: endSlide, onBlur: endSlide };
  // A slider labelled with its value; `scale` divides that value into the style's (percent to 0-1).
  const slider = (name: keyof AnnotationStyle, label: string, value: number, min: number, max: number, scale = 1, unit = '') => (
    <label className="mg-field">
      {label} {value}{unit}
      <input type="range" min={min} max={max} value={value}
        onChange={(event) => slide({ [name]: Number(event.target.value) / scale }, name)} {...sliderEvents} />
    </label>
  );

  // What the panel offers is the kind's: its capabilities, not a list of types kept here.
  const kind = type === undefined ? undefined : kindOf(type);
  const capabilities = kind?.capabilities;
  // Versions of the kind (a stamp's presets), named by the messages `<type>.<version>`.
  const variants = kind?.variants;
  const picked = type === undefined ? undefined : (style.variants[type] ?? variants?.names[0]);
  const message = (key: string, fallback: string) => (key in messages ? messages[key as MessageKey] : fallback);

  return (
    <aside className="mg-properties" aria-label={messages.styleOptions}>
      <h2 className="mg-panel-title">{messages.styleOptions}</h2>
      {(capabilities?.color ?? true) && (
        <fieldset className="mg-field">
          <legend>{messages.color}</legend>
          <div className="mg-palette">
            {PALETTE.map((color) => (
              <button key={color} type="button" className="mg-swatch" style={{ background: color }} aria-label={color}
                aria-pressed={style.color.toUpperCase() === color} onClick={() => set({ color })} />
            ))}
          </div>
          <label className="mg-inline">
            {messages.customColor}
            <input type="color" value={/^#[0-9a-f]{6}$/i.test(style.color) ? style.color : '#000000'}
              onChange={(event) => slide({ color: event.target.value.toUpperCase() }, 'color')} {...sliderEvents} />
          </label>
        </fieldset>
      )}
      {capabilities?.text && (
        <>
          <Choice label={messages.fontFamily} value={style.fontFamily} options={FONT_FAMILIES} onPick={(fontFamily) => set({ fontFamily })} />
          <Choice label={messages.fontSize} value={style.fontSize} options={FONT_SIZES} onPick={(size) => set({ fontSize: Number(size) })} />
          <div className="mg-row" role="group" aria-label={messages.alignLeft.split(' ')[0]}>
            {ALIGNMENTS.map(([align, key, glyph]) => (
              <Toggle key={align} icon label={messages[key]} pressed={style.textAlign === align} onClick={() => set({ textAlign: align })}>
                {glyph}
              </Toggle>
            ))}
            {EMPHASES.map(([key, field, on, off, glyph]) => (
              <Toggle key={key} icon label={messages[key]} pressed={style[field] === on} onClick={() => set({ [field]: style[field] === on ? off : on })}>
                {glyph}
              </Toggle>
            ))}
          </div>
        </>
      )}
      {capabilities?.stroke && (
        <Choice label={messages.strokeWidth} value={style.strokeWidth} options={STROKE_WIDTHS} onPick={(width) => set({ strokeWidth: Number(width) })} />
      )}
      {(capabilities?.opacity ?? true) && slider('opacity', messages.opacity, Math.round(style.opacity * 100), 0, 100, 100, '%')}
      {variants && type !== undefined && (
        <fieldset className="mg-field">
          <legend>{message(`${type}.variants`, type)}</legend>
          <div className="mg-row">
            {variants.names.map((name) => (
              <Toggle key={name} pressed={picked === name} onClick={() => set({ variants: { ...style.variants, [type]: name } })}>
                {message(`${type}.${name}`, name)}
              </Toggle>
            ))}
          </div>
        </fieldset>
      )}
      {/* Size presets, for a kind placed at a picked size (a whiteout). */}
      {capabilities?.sizes && (
        <fieldset className="mg-field">
          <legend>{messages.whiteoutSize}</legend>
          <div className="mg-row">
            {WHITEOUT_SIZES.map(([size, key]) => (
              <Toggle key={size} pressed={style.whiteoutSize === size} onClick={() => set({ whiteoutSize: size })}>
                {messages[key]}
              </Toggle>
            ))}
          </div>
          {style.whiteoutSize === 'custom' && (
            <>
              {slider('whiteoutWidth', messages.whiteoutWidth, style.whiteoutWidth, WHITEOUT_LIMITS.width.min, WHITEOUT_LIMITS.width.max)}
              {slider('whiteoutHeight', messages.whiteoutHeight, style.whiteoutHeight, WHITEOUT_LIMITS.height.min, WHITEOUT_LIMITS.height.max)}
            </>
          )}
        </fieldset>
      )}
      {threadId !== undefined && <ThreadPanel key={threadId} id={threadId} />}
    </aside>
  );
}
