// <PdfEditor /> in a DOM: accessible toolbar, the ref API, controlled annotations, keyboard
// shortcuts, the properties panel editing a selection, and two editors that share nothing.
import { act, createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { normalizeAnnotation } from '../core/index';
import type { Annotation } from '../core/index';
import { PdfEditor } from './PdfEditor';
import type { PdfEditorHandle, PdfEditorProps } from './PdfEditor';
import { renderInDocument } from '../test-support/renderInDocument';

function mount(props: PdfEditorProps = {}) {
  const ref = createRef<PdfEditorHandle>();
  const { container, root } = renderInDocument(<PdfEditor ref={ref} {...props} />);
  const button = (name: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
  const press = (key: string, init: KeyboardEventInit = {}) =>
    act(() => {
      container.querySelector('.mg-editor')?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
    });
  return { container, ref, root, button, press, api: () => ref.current as PdfEditorHandle };
}

const rect = () => normalizeAnnotation({ type: 'rectangle', page: 1 }) as Annotation;

describe('<PdfEditor />', () => {
  it('must name every toolbar button and mark the active tool', () => {
    const { container, button, api } = mount();
    const tools = [...container.querySelectorAll<HTMLButtonElement>('.mg-toolbar button')];
    expect(tools.every((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim().length > 0)).toBe(true);
    expect(button('Select')?.getAttribute('aria-pressed')).toBe('true');
    act(() => void api().setTool('rectangle'));
    expect(button('Rectangle')?.getAttribute('aria-pressed')).toBe('true');
    expect(container.textContent).toContain('No Document Loaded');
  });

  it('must leave Enter on a focused button to that button, not to the place-shape shortcut', () => {
    const { container, api } = mount({
      defaultAnnotations: [rect()],
      toolbarEnd: <button type="button">Save</button>,
    });
    act(() => void api().setTool('rectangle'));
    const save = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Save') as HTMLButtonElement;
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    act(() => void save.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(false);
    expect(api().getAnnotations()).toHaveLength(1);
  });

  it('must not add a second main landmark to the host page', () => {
    const { container } = mount();
    expect(container.querySelector('main')).toBeNull();
    expect(container.querySelector('[role="region"][aria-label="PDF pages"]')).not.toBeNull();
  });

  it('must undo and redo through the ref and the buttons', () => {
    const { button, api, press } = mount({ defaultAnnotations: [rect()] });
    expect(button('Undo')?.disabled).toBe(true);
    press(']');
    press('c', { ctrlKey: true });
    press('v', { ctrlKey: true });
    expect(api().getAnnotations()).toHaveLength(2);
    expect(button('Undo')?.disabled).toBe(false);
    act(() => api().undo());
    expect(api().getAnnotations()).toHaveLength(1);
    act(() => button('Redo')?.click());
    expect(api().getAnnotations()).toHaveLength(2);
    act(() => api().redo());
    expect(button('Redo')?.disabled).toBe(true);
  });

  it('must report changes in controlled mode and follow the host list', () => {
    const onAnnotationsChange = vi.fn();
    const first = [rect()];
    const { root, ref, api, press } = mount({ annotations: first, onAnnotationsChange });
    expect(api().getAnnotations()).toBe(first);
    const second = [rect(), rect()];
    act(() => root.render(<PdfEditor ref={ref} annotations={second} onAnnotationsChange={onAnnotationsChange} />));
    expect(api().getAnnotations()).toBe(second);
    press('z', { ctrlKey: true });
    // With what the undo did: the host's list taken away, the earlier one back.
    expect(onAnnotationsChange).toHaveBeenLastCalledWith(first, {
      diff: { added: first, updated: [], removed: second, reordered: false },
    });
  });

  it('must keep two editors on one page apart', () => {
    const a = mount({ defaultAnnotations: [rect()] });
    const b = mount();
    act(() => void a.api().setTool('circle'));
    expect(a.button('Circle')?.getAttribute('aria-pressed')).toBe('true');
    expect(b.button('Circle')?.getAttribute('aria-pressed')).toBe('false');
    expect(b.api().getAnnotations()).toHaveLength(0);
  });

  it('must switch tools and delete the selection from the keyboard', () => {
    const annotation = rect();
    const { button, press, api, container } = mount({ defaultAnnotations: [annotation] });
    press('r');
    expect(button('Rectangle')?.getAttribute('aria-pressed')).toBe('true');
    press('v');
    press(']');
    press('Delete');
    expect(api().getAnnotations()).toHaveLength(0);
    press('z', { ctrlKey: true });
    expect(api().getAnnotations()).toHaveLength(1);
    expect(container.querySelector('[aria-describedby]') ?? container.querySelector('.mg-empty')).not.toBeNull();
  });

  it('must restyle the selected annotation from the properties panel as one undo step', () => {
    const { container, press, api } = mount({ defaultAnnotations: [rect()] });
    press(']');
    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="#FF0000"]')?.click());
    expect(api().getAnnotations()[0]?.color).toBe('#FF0000');
    act(() => api().undo());
    expect(api().getAnnotations()[0]?.color).toBe('#000000');
  });

  it('must offer the spec palette, fonts, sizes and stroke widths', () => {
    const { container, api } = mount();
    act(() => void api().setTool('text'));
    const swatches = [...container.querySelectorAll('.mg-swatch')].map((s) => s.getAttribute('aria-label'));
    expect(swatches).toHaveLength(21);
    expect(swatches.slice(0, 7)).toEqual(['#000000', '#FF0000', '#00FF00', '#0000FF', '#FFFF00', '#FF00FF', '#00FFFF']);
    const options = (label: string) =>
      [...(([...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))?.querySelectorAll('option')) ?? [])].map((o) => o.textContent);
    expect(options('Font')).toEqual(['Arial', 'Times New Roman', 'Courier New', 'Georgia', 'Verdana', 'Comic Sans MS']);
    expect(options('Size')).toEqual(['8', '10', '12', '14', '16', '18', '20', '24', '28', '32', '36', '48', '72']);
    act(() => void api().setTool('arrow'));
    expect(options('Stroke width')).toEqual(['1', '2', '3', '4', '5', '6', '8', '10']);
  });

  it('must offer the whiteout sizes, and no colour, opacity or stroke, for a whiteout only', () => {
    const { container, api } = mount();
    const offered = () => ({
      sizes: [...container.querySelectorAll('.mg-properties fieldset legend')].some((legend) => legend.textContent === 'Whiteout size'),
      colours: container.querySelectorAll('.mg-swatch').length,
      sliders: container.querySelectorAll('.mg-properties input[type="range"]').length,
    });
    act(() => void api().setTool('whiteout'));
    expect(offered()).toEqual({ sizes: true, colours: 0, sliders: 0 });
    act(() => void api().setTool('rectangle'));
    expect(offered()).toEqual({ sizes: false, colours: 21, sliders: 1 });
  });

  it('must take overridden messages', () => {
    const { container } = mount({ messages: { noDocument: 'Kein Dokument' } });
    expect(container.textContent).toContain('Kein Dokument');
  });
});
