// "Style Options": colour, font, size, stroke, opacity, alignment, emphasis and whiteout size.
// It edits the current style and, when annotations are selected, those annotations too: each
// click is one undo step, and one slider drag (however many values it passes) is one step.
import { useRef } from 'react';
import { kindOf } from '../../core/internal';
import { useEditorRuntime, useEditorState } from '../context';
import { FONT_FAMILIES, FONT_SIZES, PALETTE, STROKE_WIDTHS } from '../../editor/index';
import type { AnnotationStyle } from '../../editor/index';
import { toolIn, WHITEOUT_LIMITS } from '../../editor/internal';
import type { WhiteoutSize } from '../../editor/internal';

/** The Style Options panel for the current tool or the selected annotations. */
export function PropertiesPanel() {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  const style = useEditorState((s) => s.style);
  const tool = useEditorState((s) => s.tool);
  const actions = useEditorState((s) => s.actions);
  const selectedType = useEditorState((s) => s.annotations.find((a) => a.id === s.selectedIds[0])?.type);
  const gesture = useRef(0);
  const type = selectedType ?? toolIn(runtime.tools, tool).preset.creates;
  const set = (change: Partial<AnnotationStyle>) => actions.setStyle(change);
  // Slider moves share a merge key until the pointer or key is released.
  const slide = (change: Partial<AnnotationStyle>, name: string) => actions.setStyle(change, { mergeKey: `${name}:${gesture.current}` });
  const endSlide = () => {
    gesture.current += 1;
  };
  const sliderEvents = { onPointerUp: endSlide, onKeyUp: endSlide, onBlur: endSlide };

  // What the panel offers is the kind's: its capabilities, not a list of types kept here.
  const capabilities = type === undefined ? undefined : kindOf(type).capabilities;
  const isText = capabilities?.text ?? false;
  const isStroked = capabilities?.stroke ?? false;
  const takesColor = capabilities?.color ?? true;
  const takesOpacity = capabilities?.opacity ?? true;
  // Size presets, for a kind placed at a picked size (a whiteout).
  const takesSizes = capabilities?.sizes ?? false;
  // Versions of the kind (a stamp's presets), named by the messages `<type>.<version>`.
  const variants = type === undefined ? undefined : kindOf(type).variants;
  const picked = type === undefined ? undefined : (style.variants[type] ?? variants?.names[0]);
  const message = (key: string, fallback: string) => (key in messages ? messages[key as keyof typeof messages] : fallback);

  return (
    <aside className="mg-properties" aria-label={messages.styleOptions}>
      <h2 className="mg-panel-title">{messages.styleOptions}</h2>
      {takesColor && (
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
      {isText && (
        <>
          <label className="mg-field">
            {messages.fontFamily}
            <select className="mg-input" value={style.fontFamily} onChange={(event) => set({ fontFamily: event.target.value })}>
              {FONT_FAMILIES.map((family) => <option key={family} value={family}>{family}</option>)}
            </select>
          </label>
          <label className="mg-field">
            {messages.fontSize}
            <select className="mg-input" value={style.fontSize} onChange={(event) => set({ fontSize: Number(event.target.value) })}>
              {FONT_SIZES.map((size) => <option key={size} value={size}>{size}</option>)}
            </select>
          </label>
          <div className="mg-row" role="group" aria-label={messages.alignLeft.split(' ')[0]}>
            {(['left', 'center', 'right'] as const).map((align) => {
              const label = messages[align === 'left' ? 'alignLeft' : align === 'center' ? 'alignCenter' : 'alignRight'];
              return (
                <button key={align} type="button" className="mg-icon-button" aria-label={label} title={label} aria-pressed={style.textAlign === align}
                  onClick={() => set({ textAlign: align })}>
                  {align === 'left' ? '⟸' : align === 'center' ? '⟺' : '⟹'}
                </button>
              );
            })}
            <button type="button" className="mg-icon-button" aria-label={messages.bold} title={messages.bold} aria-pressed={style.fontWeight === 'bold'}
              onClick={() => set({ fontWeight: style.fontWeight === 'bold' ? 'normal' : 'bold' })}><b>B</b></button>
            <button type="button" className="mg-icon-button" aria-label={messages.italic} title={messages.italic} aria-pressed={style.fontStyle === 'italic'}
              onClick={() => set({ fontStyle: style.fontStyle === 'italic' ? 'normal' : 'italic' })}><i>I</i></button>
            <button type="button" className="mg-icon-button" aria-label={messages.underline} title={messages.underline} aria-pressed={style.textDecoration === 'underline'}
              onClick={() => set({ textDecoration: style.textDecoration === 'underline' ? 'none' : 'underline' })}><u>U</u></button>
          </div>
        </>
      )}
      {isStroked && (
        <label className="mg-field">
          {messages.strokeWidth}
          <select className="mg-input" value={style.strokeWidth} onChange={(event) => set({ strokeWidth: Number(event.target.value) })}>
            {STROKE_WIDTHS.map((width) => <option key={width} value={width}>{width}</option>)}
          </select>
        </label>
      )}
      {takesOpacity && (
        <label className="mg-field">
          {messages.opacity} {Math.round(style.opacity * 100)}%
          <input type="range" min={0} max={100} value={Math.round(style.opacity * 100)}
            onChange={(event) => slide({ opacity: Number(event.target.value) / 100 }, 'opacity')} {...sliderEvents} />
        </label>
      )}
      {variants && type !== undefined && (
        <fieldset className="mg-field">
          <legend>{message(`${type}.variants`, type)}</legend>
          <div className="mg-row">
            {variants.names.map((name) => (
              <button key={name} type="button" className="mg-button" aria-pressed={picked === name}
                onClick={() => set({ variants: { ...style.variants, [type]: name } })}>
                {message(`${type}.${name}`, name)}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {takesSizes && (
        <fieldset className="mg-field">
          <legend>{messages.whiteoutSize}</legend>
          <div className="mg-row">
            {(['small', 'medium', 'large', 'custom'] as WhiteoutSize[]).map((size) => {
              const key = size === 'small' ? 'whiteoutSmall' : size === 'medium' ? 'whiteoutMedium' : size === 'large' ? 'whiteoutLarge' : 'whiteoutCustom';
              return (
                <button key={size} type="button" className="mg-button" aria-pressed={style.whiteoutSize === size} onClick={() => set({ whiteoutSize: size })}>
                  {messages[key]}
                </button>
              );
            })}
          </div>
          {style.whiteoutSize === 'custom' && (
            <>
              <label className="mg-field">
                {messages.whiteoutWidth} {style.whiteoutWidth}
                <input type="range" min={WHITEOUT_LIMITS.width.min} max={WHITEOUT_LIMITS.width.max} value={style.whiteoutWidth}
                  onChange={(event) => slide({ whiteoutWidth: Number(event.target.value) }, 'whiteoutWidth')} {...sliderEvents} />
              </label>
              <label className="mg-field">
                {messages.whiteoutHeight} {style.whiteoutHeight}
                <input type="range" min={WHITEOUT_LIMITS.height.min} max={WHITEOUT_LIMITS.height.max} value={style.whiteoutHeight}
                  onChange={(event) => slide({ whiteoutHeight: Number(event.target.value) }, 'whiteoutHeight')} {...sliderEvents} />
              </label>
            </>
          )}
        </fieldset>
      )}
    </aside>
  );
}
