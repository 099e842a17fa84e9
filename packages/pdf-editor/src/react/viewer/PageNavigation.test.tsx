// The page number field beside Previous and Next, used like a user: type a page and press Enter to
// go there; a number out of range or not a number puts the current page back.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { createEditor } from '../../editor/index';
import { renderInDocument } from '../../test-support/renderInDocument';
import { EditorProvider } from '../context';
import { PageNavigation } from './PageNavigation';

function mount(pageCount: number) {
  const editor = createEditor({ signatureStore: null });
  act(() => editor.store.getState().actions.setPageCount(pageCount));
  const { container } = renderInDocument(
    <EditorProvider editor={editor}>
      <PageNavigation />
    </EditorProvider>,
  );
  const field = container.querySelector<HTMLInputElement>('input[aria-label="Page number"]');
  if (!field) throw new Error('no field labelled "Page number"');
  const type = (text: string) =>
    act(() => {
      field.focus();
      // React listens for the input event and reads the value through the prototype's setter.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const press = (key: string) => act(() => void field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
  return { editor, container, field, type, press, page: () => editor.getState().currentPage };
}

describe('the page number field', () => {
  it('must show the current page and "of N", and go to the page typed when Enter is pressed', () => {
    const { container, field, type, press, page } = mount(2400);
    expect(field.value).toBe('1');
    expect(container.querySelector('.mg-page-indicator')?.textContent).toContain('of 2400');
    type('2000');
    expect(page()).toBe(1);
    press('Enter');
    expect(page()).toBe(2000);
    expect(field.value).toBe('2000');
  });

  it('must put the current page back after a number out of range, text, or Escape', () => {
    const { field, type, press, page } = mount(12);
    for (const wrong of ['13', '0', 'abc', '2.5', '']) {
      type(wrong);
      press('Enter');
      expect(page()).toBe(1);
      expect(field.value).toBe('1');
    }
    type('7');
    press('Escape');
    expect([page(), field.value]).toEqual([1, '1']);
  });

  it('must follow the page when it changes elsewhere and still announce "Page N of M"', () => {
    const { editor, container, field } = mount(12);
    act(() => editor.goToPage(5));
    expect(field.value).toBe('5');
    expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe('Page 5 of 12');
  });
});
