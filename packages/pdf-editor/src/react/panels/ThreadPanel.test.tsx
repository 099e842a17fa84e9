// The thread of the selected annotation in the Style Options panel, as a user meets it: the
// replies with their authors, a reply box that sends on Enter, Resolve and Reopen, and a reply
// deleted by its labelled button.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { normalizeAnnotation, type Annotation } from '../../core/index';
import { createEditor } from '../../editor/index';
import { EditorProvider } from '../context';
import { renderInDocument } from '../../test-support/renderInDocument';
import { PropertiesPanel } from './PropertiesPanel';

const note = normalizeAnnotation({
  type: 'comment',
  id: 'note',
  page: 1,
  position: { x: 40, y: 40 },
  content: 'Check the totals',
  replies: [{ id: 'r1', author: 'Ada', content: 'They add up.', createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z' }],
}) as Annotation;

function mount() {
  const editor = createEditor({ defaultAnnotations: [note], author: 'Grace', signatureStore: null });
  const { container } = renderInDocument(
    <EditorProvider editor={editor}>
      <PropertiesPanel />
    </EditorProvider>,
  );
  const thread = () => container.querySelector<HTMLElement>('section[aria-label="Comments"]');
  const button = (name: string) => [...(thread()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name || b.getAttribute('aria-label') === name);
  return { editor, thread, button };
}

function type(field: HTMLTextAreaElement, text: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the comment thread in the Style Options panel', () => {
  it('must show the selected annotation’s replies with their authors, and nothing with no selection', () => {
    const { editor, thread } = mount();
    expect(thread()).toBeNull();
    act(() => editor.getState().actions.select(['note']));
    const items = [...(thread()?.querySelectorAll('li') ?? [])];
    expect(items.map((item) => item.querySelector('.mg-byline')?.textContent?.startsWith('Ada'))).toEqual([true]);
    expect(items[0]?.querySelector('p')?.textContent).toBe('They add up.');
    expect(items[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-22T10:00:00.000Z');
  });

  it('must send a reply from the labelled box on Enter, signed with the editor’s author, and empty the box', () => {
    const { editor, thread, button } = mount();
    act(() => editor.getState().actions.select(['note']));
    const box = thread()?.querySelector<HTMLTextAreaElement>('textarea[aria-label="Write a reply"]') as HTMLTextAreaElement;
    expect(button('Reply')?.disabled).toBe(true);
    type(box, 'Agreed.');
    expect(button('Reply')?.disabled).toBe(false);
    act(() => box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    const items = [...(thread()?.querySelectorAll('li') ?? [])];
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['They add up.', 'Agreed.']);
    expect(items[1]?.querySelector('.mg-byline')?.textContent?.startsWith('Grace')).toBe(true);
    expect(box.value).toBe('');
    expect(editor.threads.get('note')?.replies.map((reply) => reply.author)).toEqual(['Ada', 'Grace']);
  });

  it('must resolve and reopen the thread, and delete a reply by its labelled button', () => {
    const { editor, thread, button } = mount();
    act(() => editor.getState().actions.select(['note']));
    act(() => button('Resolve')?.click());
    expect(editor.threads.get('note')?.resolved).toBe(true);
    expect(thread()?.textContent).toContain('Resolved · Grace');
    act(() => button('Reopen')?.click());
    expect(editor.threads.get('note')?.resolved).toBe(false);
    act(() => button('Delete reply 1')?.click());
    expect(thread()?.querySelectorAll('li')).toHaveLength(0);
    act(() => editor.undo());
    expect(thread()?.querySelectorAll('li')).toHaveLength(1);
  });
});
