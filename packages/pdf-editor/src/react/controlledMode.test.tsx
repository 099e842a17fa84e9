// Controlled mode as hosts write it: the annotations kept in React state, the editor's list copied
// into it on every change. One change is one call back, an equal list is no change, and the undo
// behaviour of an external change is the host's choice.
import { act, createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { normalizeAnnotation } from '../core/index';
import type { Annotation } from '../core/index';
import { PdfEditor } from './PdfEditor';
import type { PdfEditorHandle } from './PdfEditor';
import { renderInDocument } from '../test-support/renderInDocument';

const rect = (x = 0) => normalizeAnnotation({ type: 'rectangle', page: 1, position: { x, y: 0 } }) as Annotation;

/** A host holding the list in state; `setList` is handed out so the test can change it from outside. */
function mountHost(initial: Annotation[], options: { recordExternalChanges?: boolean; copy?: (list: Annotation[]) => Annotation[] } = {}) {
  const calls: Annotation[][] = [];
  const ref = createRef<PdfEditorHandle>();
  const host: { setList?: (list: Annotation[]) => void } = {};
  function Host() {
    const [list, setList] = useState(initial);
    host.setList = setList;
    return (
      <PdfEditor
        ref={ref}
        annotations={list}
        recordExternalChanges={options.recordExternalChanges}
        onAnnotationsChange={(next) => {
          calls.push(next);
          setList(options.copy ? options.copy(next) : [...next]);
        }}
      />
    );
  }
  const { container } = renderInDocument(<Host />);
  const press = (key: string, init: KeyboardEventInit = {}) =>
    act(() => {
      container.querySelector('.mg-editor')?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
    });
  const undoButton = () => container.querySelector<HTMLButtonElement>('button[aria-label="Undo"]');
  return { calls, api: () => ref.current as PdfEditorHandle, press, undoButton, setList: (list: Annotation[]) => act(() => host.setList?.(list)) };
}

describe('controlled mode', () => {
  it('calls onAnnotationsChange once per change when the host copies the list into its state', () => {
    const { calls, api, press } = mountHost([rect()]);
    press(']');
    press('c', { ctrlKey: true });
    press('v', { ctrlKey: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(2);
    expect(api().getAnnotations()).toHaveLength(2);
  });

  it('takes a list equal in content (even parsed back from JSON) as no change: no undo step, no call back', () => {
    const copyThroughJson = (list: Annotation[]) => JSON.parse(JSON.stringify(list)) as Annotation[];
    const { calls, api, press, undoButton } = mountHost([rect()], { copy: copyThroughJson });
    press(']');
    press('c', { ctrlKey: true });
    press('v', { ctrlKey: true });
    expect(calls).toHaveLength(1);
    // One undo takes the paste back: the host's copy made no step of its own.
    act(() => api().undo());
    expect(api().getAnnotations()).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(undoButton()?.disabled).toBe(true);
  });

  it('records a different list from the host as one undoable step, without calling back', () => {
    const { calls, api, setList } = mountHost([rect()]);
    const replaced = [rect(10), rect(20), rect(30)];
    setList(replaced);
    expect(api().getAnnotations()).toEqual(replaced);
    expect(calls).toHaveLength(0);
    act(() => api().undo());
    expect(api().getAnnotations()).toHaveLength(1);
    expect(calls.map((list) => list.length)).toEqual([1]);
  });

  it('with recordExternalChanges={false} makes the host list a new start that undo cannot take back', () => {
    const { calls, api, press, setList, undoButton } = mountHost([rect()], { recordExternalChanges: false });
    press(']');
    press('c', { ctrlKey: true });
    press('v', { ctrlKey: true });
    expect(undoButton()?.disabled).toBe(false);
    setList([rect(50)]);
    expect(api().getAnnotations()).toHaveLength(1);
    expect(undoButton()?.disabled).toBe(true);
    act(() => api().undo());
    expect(api().getAnnotations()[0]?.position.x).toBe(50);
    expect(calls).toHaveLength(1);
  });
});
