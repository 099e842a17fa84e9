// Presence on screen: two editors whose awarenesses are linked as a server links them; what the
// second user sees of the first in a layout made of the editor's pieces (toolbar, page overlay).
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { connectPresence } from '../collab/index';
import { normalizeAnnotation } from '../core/index';
import type { Annotation } from '../core/index';
import { createEditor } from '../editor/index';
import type { Editor } from '../editor/index';
import { renderInDocument } from '../test-support/renderInDocument';
import { EditorProvider } from './context';
import { Toolbar } from './panels/Toolbar';
import { PeerLayer } from './viewer/PeerLayer';

const rectangle = (id: string, page = 1) =>
  normalizeAnnotation({ id, type: 'rectangle', page, position: { x: 40, y: 50 }, width: 100, height: 60 }) as Annotation;

/** Ana's editor and Bo's, their awarenesses exchanging every change. */
function anaAndBo() {
  const annotations = [rectangle('r1'), rectangle('r2', 2)];
  const ana = createEditor({ signatureStore: null, annotations });
  const bo = createEditor({ signatureStore: null, annotations });
  const [a, b] = [new Awareness(new Y.Doc()), new Awareness(new Y.Doc())];
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    from.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
      if (origin !== 'network') applyAwarenessUpdate(to, encodeAwarenessUpdate(from, [...added!, ...updated!, ...removed!]), 'network');
    });
  }
  connectPresence(ana, { awareness: a, user: { name: 'Ana Lima', color: '#6A1B9A' } });
  const presence = connectPresence(bo, { awareness: b, user: { name: 'Bo' } });
  return { ana, bo, presence, anaId: a.clientID };
}

function pages(editor: Editor) {
  return renderInDocument(
    <EditorProvider editor={editor}>
      <Toolbar />
      {[1, 2].map((page) => (
        <svg key={page} data-page={page}>
          <PeerLayer pageNumber={page} zoom={2} />
        </svg>
      ))}
    </EditorProvider>,
  ).container;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('presence on screen', () => {
  it("must show a collaborator's avatar, pointer with their name, and selection in their colour", () => {
    const { ana, bo } = anaAndBo();
    const container = pages(bo);
    const avatar = container.querySelector<HTMLButtonElement>('.mg-peers button[aria-label="Ana Lima"]');
    expect(avatar?.textContent).toBe('AL');
    expect(avatar?.style.background).toMatch(/#6A1B9A|rgb\(106, 27, 154\)/i);
    expect(container.querySelector('[role="group"][aria-label="People in this document"]')).not.toBeNull();
    expect(container.querySelector('.mg-peer-pointer, .mg-peer-selection')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(50);
      ana.pointer.move({ page: 2, x: 100, y: 80 });
      vi.advanceTimersByTime(50);
      ana.getState().actions.select(['r1']);
      vi.advanceTimersByTime(50);
    });
    const pointer = container.querySelector('svg[data-page="2"] .mg-peer-pointer');
    expect(pointer?.getAttribute('transform')).toBe('translate(100 80) scale(0.5)');
    expect(pointer?.textContent).toBe('Ana Lima');
    expect(container.querySelector('svg[data-page="1"] .mg-peer-pointer')).toBeNull();
    const outlines = [...container.querySelectorAll<SVGRectElement>('.mg-peer-selection')];
    expect(outlines.map((outline) => outline.closest('svg')?.getAttribute('data-page'))).toEqual(['1']);
    expect(outlines[0]?.style.stroke).toMatch(/#6A1B9A|rgb\(106, 27, 154\)/i);
  });

  it("must follow a collaborator's page with their avatar, pressed until pressed again", () => {
    const { ana, bo } = anaAndBo();
    const container = pages(bo);
    act(() => {
      vi.advanceTimersByTime(50);
      ana.goToPage(2);
      vi.advanceTimersByTime(50);
    });
    const avatar = () => container.querySelector<HTMLButtonElement>('.mg-peers button') as HTMLButtonElement;
    expect(avatar().getAttribute('aria-pressed')).toBe('false');
    act(() => avatar().click());
    expect(avatar().getAttribute('aria-pressed')).toBe('true');
    expect(avatar().title).toBe('Stop following Ana Lima');
    expect(bo.getState().currentPage).toBe(2);
    act(() => avatar().click());
    expect(avatar().getAttribute('aria-pressed')).toBe('false');
  });

  it('must draw nothing without collaborators, and no one once presence is disconnected', () => {
    const alone = pages(createEditor({ signatureStore: null, annotations: [rectangle('r1')] }));
    expect(alone.querySelector('.mg-peers, .mg-peers-layer')).toBeNull();
    const { bo, presence } = anaAndBo();
    const container = pages(bo);
    expect(container.querySelector('.mg-peers')).not.toBeNull();
    act(() => presence.disconnect());
    expect(container.querySelector('.mg-peers')).toBeNull();
  });
});
