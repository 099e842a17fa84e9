// The signature pad: a 600x200 white pad drawn on with a black 2 px stroke (mouse, pen or
// touch). "Use Signature" is enabled once something is drawn; it crops the drawing to its bounds
// plus a 10 px margin and hands back a PNG data URL. The white is the pad's CSS background: the
// canvas itself stays transparent, so a placed signature never hides the text under it.
import { useLayoutEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useEditorRuntime, useEditorState } from '../context';
import { defaultMessages } from '../../editor/index';
import type { Messages } from '../../editor/index';
import { format } from '../../editor/internal';
import { useDialogFocus } from './useDialogFocus';

export const SIGNATURE_CANVAS = { width: 600, height: 200, stroke: 2, margin: 10 } as const;

interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Props of <SignaturePad />. */
export interface SignaturePadProps {
  /** "Use Signature": the drawing cropped to its bounds plus 10 px, as a transparent PNG data URL. */
  onSave(dataUrl: string): void;
  /** Shows a Cancel button that calls it. */
  onCancel?(): void;
  /** The pad's strings; default `defaultMessages`. */
  messages?: Messages;
}

/** A 600x200 drawing pad that returns the cropped signature as a PNG data URL. */
export function SignaturePad({ onSave, onCancel, messages = defaultMessages }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const bounds = useRef<Bounds | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);

  const context = () => canvasRef.current?.getContext('2d') ?? null;
  const pointAt = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * SIGNATURE_CANVAS.width,
      y: ((event.clientY - rect.top) / rect.height) * SIGNATURE_CANVAS.height,
    };
  };
  const grow = ({ x, y }: { x: number; y: number }) => {
    const b = bounds.current;
    bounds.current = b
      ? { left: Math.min(b.left, x), top: Math.min(b.top, y), right: Math.max(b.right, x), bottom: Math.max(b.bottom, y) }
      : { left: x, top: y, right: x, bottom: y };
  };

  const clear = () => {
    context()?.clearRect(0, 0, SIGNATURE_CANVAS.width, SIGNATURE_CANVAS.height);
    bounds.current = null;
    setDrawn(false);
  };

  const use = () => {
    const canvas = canvasRef.current;
    const b = bounds.current;
    if (!canvas || !b) return;
    const m = SIGNATURE_CANVAS.margin;
    const left = Math.max(0, Math.floor(b.left - m));
    const top = Math.max(0, Math.floor(b.top - m));
    const right = Math.min(SIGNATURE_CANVAS.width, Math.ceil(b.right + m));
    const bottom = Math.min(SIGNATURE_CANVAS.height, Math.ceil(b.bottom + m));
    const crop = document.createElement('canvas');
    crop.width = right - left;
    crop.height = bottom - top;
    crop.getContext('2d')?.drawImage(canvas, left, top, crop.width, crop.height, 0, 0, crop.width, crop.height);
    onSave(crop.toDataURL('image/png'));
  };

  return (
    <div className="mg-signature-pad">
      <canvas
        ref={(canvas) => {
          if (canvas && canvasRef.current !== canvas) {
            canvasRef.current = canvas;
            clear();
          }
        }}
        className="mg-signature-canvas"
        width={SIGNATURE_CANVAS.width}
        height={SIGNATURE_CANVAS.height}
        role="img"
        aria-label={messages.signatureCanvas}
        style={{ touchAction: 'none' }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          const point = pointAt(event);
          last.current = point;
          grow(point);
        }}
        onPointerMove={(event) => {
          const from = last.current;
          const ctx = context();
          if (!from || !ctx) return;
          const to = pointAt(event);
          ctx.strokeStyle = '#000000';
          ctx.lineWidth = SIGNATURE_CANVAS.stroke;
          ctx.lineCap = 'round';
          ctx.lineJoin = 'round';
          ctx.beginPath();
          ctx.moveTo(from.x, from.y);
          ctx.lineTo(to.x, to.y);
          ctx.stroke();
          last.current = to;
          grow(to);
          setDrawn(true);
        }}
        onPointerUp={() => {
          last.current = null;
        }}
      />
      <div className="mg-row">
        <button type="button" className="mg-button" onClick={clear}>{messages.clear}</button>
        {onCancel && <button type="button" className="mg-button" onClick={onCancel}>{messages.cancel}</button>}
        <button type="button" className="mg-button mg-primary" disabled={!drawn} onClick={use}>{messages.useSignature}</button>
      </div>
    </div>
  );
}

/**
 * The signature tool's dialog: the pad plus the signatures the user saved, each with a button that
 * forgets it. It keeps keyboard focus while open and hands it back to where it was when it closes.
 */
export function SignatureDialog() {
  const { messages } = useEditorRuntime();
  const saved = useEditorState((s) => s.savedSignatures);
  const actions = useEditorState((s) => s.actions);
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancel = () => actions.requestPlacement(null);
  const onKeyDown = useDialogFocus(dialogRef, cancel);

  // The removed button took focus with it: give it to the next remove button (or the previous one,
  // or the pad's first control) so the keyboard stays in the dialog.
  const focusAfterRemove = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = focusAfterRemove.current;
    const dialog = dialogRef.current;
    if (index === null || !dialog) return;
    focusAfterRemove.current = null;
    const removeButtons = dialog.querySelectorAll<HTMLElement>('.mg-saved-signature-remove');
    (removeButtons[Math.min(index, removeButtons.length - 1)] ?? dialog.querySelector<HTMLElement>('.mg-signature-pad button'))?.focus();
  }, [saved]);

  return (
    <div className="mg-modal-backdrop">
      <div ref={dialogRef} className="mg-modal" role="dialog" aria-modal="true" aria-label={messages.signatureTitle} tabIndex={-1}
        onKeyDown={onKeyDown}>
        <h2>{messages.signatureTitle}</h2>
        {saved.length > 0 && (
          <div className="mg-saved-signatures" role="group" aria-label={messages.savedSignatures}>
            {saved.map((url, i) => {
              const remove = format(messages.removeSignature, { number: i + 1 });
              return (
                <div key={url} className="mg-saved-signature-item">
                  <button type="button" className="mg-saved-signature" aria-label={`${messages.savedSignatures} ${i + 1}`}
                    onClick={() => actions.completePlacement(url)}>
                    <img src={url} alt="" />
                  </button>
                  <button type="button" className="mg-icon-button mg-saved-signature-remove" aria-label={remove} title={remove}
                    onClick={() => {
                      focusAfterRemove.current = i;
                      actions.removeSavedSignature(url);
                    }}>✕</button>
                </div>
              );
            })}
          </div>
        )}
        <SignaturePad messages={messages} onSave={(url) => actions.completePlacement(url)} onCancel={cancel} />
      </div>
    </div>
  );
}
