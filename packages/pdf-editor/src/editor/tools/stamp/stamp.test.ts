// The stamp tool scripted like a user: a click places Approved centred on it; picking another
// preset in the properties panel places that one; a signed stamp shows the day it was placed and
// keeps it; picking a preset while a stamp is selected turns it into that one, as one undo step.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestEditor } from '../../../test-support/testEditor';

describe('the stamp tool', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('must place an Approved stamp centred on the click, sized to its word, with a preview', () => {
    const editor = createTestEditor().setTool('stamp');
    editor.pointerMove(200, 100);
    expect(editor.state.draft).toMatchObject({ type: 'stamp', preset: 'approved', height: 40 });
    editor.click(200, 100);
    const [stamp] = editor.annotations;
    expect(stamp).toMatchObject({ type: 'stamp', preset: 'approved', color: '#1B7A34', height: 40 });
    if (stamp?.type !== 'stamp') throw new Error('expected a stamp');
    expect(stamp.position.x + stamp.width / 2).toBeCloseTo(200);
    expect(stamp.position.y + stamp.height / 2).toBeCloseTo(100);
    // APPROVED at 20 pt in Helvetica-Bold is 112.24 pt, with 12 pt margins either side.
    expect(stamp.width).toBeCloseTo(136.24);
  });

  it('must place the preset picked in the panel, a signed one dated the day it was placed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 9, 0));
    const editor = createTestEditor().setTool('stamp');
    editor.state.actions.setStyle({ variants: { stamp: 'rejected' } });
    editor.click(100, 50);
    editor.state.actions.setStyle({ variants: { stamp: 'signed' } });
    editor.click(100, 150);
    expect(editor.annotations.map((a) => a.type === 'stamp' && [a.preset, a.label, a.color])).toEqual([
      ['rejected', undefined, '#C62828'],
      ['signed', 'SIGNED 2026-11-24', '#1F4FA0'],
    ]);
    // A day later the stamp still shows the day it was placed.
    vi.setSystemTime(new Date(2026, 10, 25, 9, 0));
    editor.setTool('select').click(100, 150).drag([100, 150], [120, 170]);
    expect(editor.annotations[1]).toMatchObject({ label: 'SIGNED 2026-11-24', position: { y: 150 } });
  });

  it('must turn a selected stamp into the preset picked, keeping its place and height, as one undo step', () => {
    const editor = createTestEditor().setTool('stamp').click(200, 100);
    editor.setTool('select').click(200, 100);
    expect(editor.state.selectedIds).toHaveLength(1);
    editor.state.actions.setStyle({ variants: { stamp: 'confidential' } });
    expect(editor.annotations[0]).toMatchObject({ preset: 'confidential', color: '#C62828', height: 40 });
    // CONFIDENTIAL is longer: the box grows to fit it.
    expect(editor.annotations[0]?.type === 'stamp' && editor.annotations[0].width).toBeGreaterThan(170);
    editor.undo();
    expect(editor.annotations[0]).toMatchObject({ preset: 'approved' });
  });
});
