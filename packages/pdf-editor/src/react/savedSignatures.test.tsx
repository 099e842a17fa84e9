// Saved signatures across editor sessions, as a user meets them in the signature dialog: the ones
// drawn last time are offered again, a newly drawn one is kept for next time, a removed one is
// gone for good, and a store that fails never breaks the dialog.
import { act, createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memorySignatureStore } from '../core/index';
import type { SignatureStore } from '../core/index';
import { PdfEditor } from './PdfEditor';
import type { PdfEditorHandle, PdfEditorProps } from './PdfEditor';
import { renderInDocumentAsync } from '../test-support/renderInDocument';

const sig = (n: number) => `data:image/png;base64,${n}`;
const DRAWN = sig(99);

beforeEach(() => {
  // happy-dom has no 2D canvas: a context that accepts the pad's strokes, and a fixed PNG.
  const context = { clearRect() {}, beginPath() {}, moveTo() {}, lineTo() {}, stroke() {}, drawImage() {} };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(DRAWN);
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** Mounts an editor and lets the saved signatures load. */
async function mount(props: PdfEditorProps = {}) {
  const ref = createRef<PdfEditorHandle>();
  const { container, root } = await renderInDocumentAsync(<PdfEditor ref={ref} {...props} />);
  const dialog = () => container.querySelector<HTMLElement>('[role="dialog"]');
  const button = (name: string) => dialog()?.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`) ?? null;
  const textButton = (name: string) =>
    [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name) as HTMLButtonElement;
  const offered = () => [...(dialog()?.querySelectorAll<HTMLImageElement>('.mg-saved-signature img') ?? [])].map((img) => img.getAttribute('src'));
  const openDialog = () => {
    act(() => void ref.current?.setTool('signature'));
    const editor = container.querySelector<HTMLElement>('.mg-editor') as HTMLElement;
    editor.focus();
    act(() => void editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })));
  };
  const draw = () => {
    const canvas = dialog()?.querySelector('canvas') as HTMLCanvasElement;
    act(() => {
      canvas.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: 10, clientY: 10 }));
      canvas.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: 60, clientY: 30 }));
      canvas.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, clientX: 60, clientY: 30 }));
    });
  };
  return { ref, root, dialog, button, textButton, offered, openDialog, draw, api: () => ref.current as PdfEditorHandle };
}

/** Lets pending store promises (load, queued saves) settle. */
const settle = () => act(async () => {});

describe('saved signatures', () => {
  it('must offer the signatures saved last time, newest first', async () => {
    const editor = await mount({ signatureStore: memorySignatureStore([sig(2), sig(1)]) });
    editor.openDialog();
    expect(editor.offered()).toEqual([sig(2), sig(1)]);
    expect(editor.button('Saved signatures 1')).not.toBeNull();
    expect(editor.button('Remove saved signature 1')).not.toBeNull();
  });

  it('must keep a newly drawn signature for the next editor, in localStorage by default', async () => {
    localStorage.setItem('marginalia-signatures', JSON.stringify({ version: 1, signatures: [sig(1)] }));
    const first = await mount();
    first.openDialog();
    expect(first.offered()).toEqual([sig(1)]);
    first.draw();
    act(() => first.textButton('Use Signature').click());
    await settle();
    expect(first.dialog()).toBeNull();
    expect(first.api().getAnnotations()).toMatchObject([{ type: 'signature', imageData: DRAWN }]);
    expect(JSON.parse(localStorage.getItem('marginalia-signatures') ?? 'null')).toEqual({ version: 1, signatures: [DRAWN, sig(1)] });

    const next = await mount();
    next.openDialog();
    expect(next.offered()).toEqual([DRAWN, sig(1)]);
  });

  it('must remove a saved signature from the dialog and from the store, keeping focus in the dialog', async () => {
    const store = memorySignatureStore([sig(3), sig(2), sig(1)]);
    const editor = await mount({ signatureStore: store });
    editor.openDialog();
    act(() => editor.button('Remove saved signature 1')?.click());
    await settle();
    expect(editor.offered()).toEqual([sig(2), sig(1)]);
    expect(await store.load()).toEqual([sig(2), sig(1)]);
    // Focus went to the remove button that took the removed one's place.
    expect(document.activeElement).toBe(editor.button('Remove saved signature 1'));
    act(() => editor.button('Remove saved signature 2')?.click());
    act(() => editor.button('Remove saved signature 1')?.click());
    await settle();
    expect(editor.offered()).toEqual([]);
    expect(await store.load()).toEqual([]);
    expect(editor.dialog()?.contains(document.activeElement)).toBe(true);
  });

  it('must keep signatures for the session only, reporting once, when the store cannot load', async () => {
    const onError = vi.fn();
    const save = vi.fn(async () => {});
    const failing: SignatureStore = { load: () => Promise.reject(new Error('storage blocked')), save };
    const editor = await mount({ signatureStore: failing, onError });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'storage blocked' });
    editor.openDialog();
    editor.draw();
    act(() => editor.textButton('Use Signature').click());
    await settle();
    editor.openDialog();
    expect(editor.offered()).toEqual([DRAWN]);
    // Saving now could overwrite signatures the editor never loaded.
    expect(save).not.toHaveBeenCalled();
  });

  it('must report a failed save once and stay usable', async () => {
    const onError = vi.fn();
    const save = vi.fn(() => Promise.reject(new Error('quota exceeded')));
    const full: SignatureStore = { load: async () => [], save };
    const editor = await mount({ signatureStore: full, onError });
    for (const drawn of [sig(100), sig(101)]) {
      vi.mocked(HTMLCanvasElement.prototype.toDataURL).mockReturnValue(drawn);
      editor.openDialog();
      editor.draw();
      act(() => editor.textButton('Use Signature').click());
      await settle();
    }
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'quota exceeded' });
    expect(save).toHaveBeenCalledTimes(1);
    expect(editor.api().getAnnotations()).toHaveLength(2);
    editor.openDialog();
    expect(editor.offered()).toEqual([sig(101), sig(100)]);
  });

  it('must keep a signature drawn before the saved ones arrived, ahead of them', async () => {
    let resolve: (signatures: string[]) => void = () => {};
    const save = vi.fn(async (_signatures: readonly string[]) => {});
    const editor = await mount({ signatureStore: { load: () => new Promise((done) => (resolve = done)), save } });
    editor.openDialog();
    editor.draw();
    act(() => editor.textButton('Use Signature').click());
    await settle();
    // Not saved yet: that would replace the stored list before it was read.
    expect(save).not.toHaveBeenCalled();
    resolve([sig(1)]);
    await settle();
    expect(save).toHaveBeenCalledExactlyOnceWith([DRAWN, sig(1)]);
    editor.openDialog();
    expect(editor.offered()).toEqual([DRAWN, sig(1)]);
  });

  it('must ignore a load that ends after the host switched stores', async () => {
    let resolve: (signatures: string[]) => void = () => {};
    const slow: SignatureStore = { load: () => new Promise((done) => (resolve = done)), save: vi.fn(async () => {}) };
    const editor = await mount({ signatureStore: slow });
    await act(async () => editor.root.render(<PdfEditor ref={editor.ref} signatureStore={null} />));
    resolve([sig(1)]);
    await settle();
    editor.openDialog();
    expect(editor.offered()).toEqual([]);
  });

  it('must not touch localStorage when the host opts out with null', async () => {
    localStorage.setItem('marginalia-signatures', JSON.stringify({ version: 1, signatures: [sig(1)] }));
    const editor = await mount({ signatureStore: null });
    editor.openDialog();
    expect(editor.offered()).toEqual([]);
    editor.draw();
    act(() => editor.textButton('Use Signature').click());
    await settle();
    expect(JSON.parse(localStorage.getItem('marginalia-signatures') ?? 'null')).toEqual({ version: 1, signatures: [sig(1)] });
  });

  it('must name the remove buttons with the host messages', async () => {
    const editor = await mount({ signatureStore: memorySignatureStore([sig(1)]), messages: { removeSignature: 'Unterschrift {number} entfernen' } });
    editor.openDialog();
    expect(editor.button('Unterschrift 1 entfernen')).not.toBeNull();
  });
});
