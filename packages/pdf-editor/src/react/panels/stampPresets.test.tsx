// The stamp presets in Style Options, as a user meets them: picking the stamp tool lists the six
// presets with Approved chosen; choosing one while a stamp is selected turns it into that preset.
import { act, createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { normalizeAnnotation } from '../../core/index';
import type { Annotation } from '../../core/index';
import { PdfEditor, type PdfEditorHandle } from '../PdfEditor';
import { renderInDocument } from '../../test-support/renderInDocument';

describe('the stamp presets in Style Options', () => {
  it('must list the presets for the stamp tool and restyle a selected stamp with the one chosen', () => {
    const ref = createRef<PdfEditorHandle>();
    const stamp = normalizeAnnotation({ type: 'stamp', page: 1, position: { x: 40, y: 40 } }) as Annotation;
    const { container } = renderInDocument(<PdfEditor ref={ref} defaultAnnotations={[stamp]} />);
    const presets = () => [...container.querySelectorAll<HTMLButtonElement>('.mg-properties fieldset button')];
    act(() => void ref.current?.setTool('stamp'));
    expect(presets().map((b) => b.textContent)).toEqual(['Approved', 'Rejected', 'Draft', 'Confidential', 'Final', 'Signed and dated']);
    expect(presets().find((b) => b.getAttribute('aria-pressed') === 'true')?.textContent).toBe('Approved');
    // A stamp draws in its preset's colour: the palette is not offered.
    expect(container.querySelector('.mg-swatch')).toBeNull();

    act(() => void ref.current?.setTool('select'));
    act(() => {
      container.querySelector('.mg-editor')?.dispatchEvent(new KeyboardEvent('keydown', { key: ']', bubbles: true }));
    });
    act(() => presets().find((b) => b.textContent === 'Rejected')?.click());
    expect(ref.current?.getAnnotations()[0]).toMatchObject({ type: 'stamp', preset: 'rejected', color: '#C62828' });
  });
});
