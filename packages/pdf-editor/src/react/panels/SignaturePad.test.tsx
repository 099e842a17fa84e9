// The signature dialog from the keyboard: it takes focus when it opens, Tab and Shift+Tab stay in
// it, and Escape or Cancel close it and give focus back to where it was.
import { act, createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { PdfEditor } from '../PdfEditor';
import type { PdfEditorHandle } from '../PdfEditor';
import { renderInDocument } from '../../test-support/renderInDocument';

/** An editor whose signature dialog was opened from the keyboard: signature tool, then Enter. */
function openSignatureDialog() {
  const ref = createRef<PdfEditorHandle>();
  const { container } = renderInDocument(<PdfEditor ref={ref} />);
  act(() => void ref.current?.setTool('signature'));
  const opener = container.querySelector<HTMLElement>('.mg-editor') as HTMLElement;
  opener.focus();
  press('Enter');
  const dialog = () => container.querySelector<HTMLElement>('[role="dialog"]');
  const button = (name: string) =>
    [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name) as HTMLButtonElement;
  return { opener, dialog, button };
}

/** A key pressed on whatever has focus, as the browser sends it. */
function press(key: string, init: KeyboardEventInit = {}) {
  const target = document.activeElement ?? document.body;
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => void target.dispatchEvent(event));
  return event;
}

describe('<SignatureDialog /> keyboard focus', () => {
  it('must move focus into the dialog when it opens', () => {
    const { dialog, button } = openSignatureDialog();
    expect(dialog()).not.toBeNull();
    expect(document.activeElement).toBe(button('Clear'));
  });

  it('must wrap Tab from the last control to the first, skipping the disabled Use Signature', () => {
    const { dialog, button } = openSignatureDialog();
    expect(button('Use Signature').disabled).toBe(true);
    button('Cancel').focus();
    const tab = press('Tab');
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(button('Clear'));
    expect(dialog()?.contains(document.activeElement)).toBe(true);
  });

  it('must wrap Shift+Tab from the first control to the last', () => {
    const { button } = openSignatureDialog();
    expect(document.activeElement).toBe(button('Clear'));
    const tab = press('Tab', { shiftKey: true });
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(button('Cancel'));
  });

  it('must leave Tab between inner controls to the browser', () => {
    const { button } = openSignatureDialog();
    expect(press('Tab').defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(button('Clear'));
  });

  it('must close on Escape and give focus back to the element that opened it', () => {
    const { opener, dialog } = openSignatureDialog();
    expect(document.activeElement).not.toBe(opener);
    press('Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('must give focus back when closed with Cancel too', () => {
    const { opener, dialog, button } = openSignatureDialog();
    expect(dialog()?.contains(document.activeElement)).toBe(true);
    act(() => button('Cancel').click());
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
