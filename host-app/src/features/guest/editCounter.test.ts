import { beforeEach, describe, expect, it } from 'vitest';
import { checkGuestEdit, consumeGuestEdit, fileFingerprint, loadedMessage, remainingGuestEdits } from './editCounter';
import { nextStreak, recordStreakEdit, readStreak } from './streak';

beforeEach(() => localStorage.clear());

describe('guest daily edit counter', () => {
  it('must allow three edits a day, then refuse', () => {
    const monday = new Date(2024, 5, 10, 9);
    expect(consumeGuestEdit(localStorage, 'a', monday)).toEqual({ allowed: true, remaining: 2 });
    expect(consumeGuestEdit(localStorage, 'b', monday)).toEqual({ allowed: true, remaining: 1 });
    expect(consumeGuestEdit(localStorage, 'c', monday)).toEqual({ allowed: true, remaining: 0 });
    expect(checkGuestEdit(localStorage, 'd', monday)).toEqual({ allowed: false, remaining: 0 });
    expect(consumeGuestEdit(localStorage, 'd', monday)).toEqual({ allowed: false, remaining: 0 });
    expect(remainingGuestEdits(localStorage, monday)).toBe(0);
  });

  it('must not spend another edit when the same file is reopened the same day, even at the limit', () => {
    const monday = new Date(2024, 5, 10, 9);
    expect(consumeGuestEdit(localStorage, 'a', monday)).toEqual({ allowed: true, remaining: 2 });
    expect(consumeGuestEdit(localStorage, 'a', monday)).toEqual({ allowed: true, remaining: 2 });
    consumeGuestEdit(localStorage, 'b', monday);
    consumeGuestEdit(localStorage, 'c', monday);
    expect(checkGuestEdit(localStorage, 'a', monday)).toEqual({ allowed: true, remaining: 0 });
    expect(consumeGuestEdit(localStorage, 'a', monday)).toEqual({ allowed: true, remaining: 0 });
    expect(consumeGuestEdit(localStorage, 'a', new Date(2024, 5, 11, 9))).toEqual({ allowed: true, remaining: 2 });
  });

  it('must spend nothing by checking', () => {
    const monday = new Date(2024, 5, 10, 9);
    for (let i = 0; i < 5; i += 1) expect(checkGuestEdit(localStorage, `f${i}`, monday)).toEqual({ allowed: true, remaining: 3 });
    expect(remainingGuestEdits(localStorage, monday)).toBe(3);
  });

  it('must fingerprint files by content', async () => {
    const one = await fileFingerprint(new TextEncoder().encode('%PDF-1.4 one'));
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(await fileFingerprint(new TextEncoder().encode('%PDF-1.4 one'))).toBe(one);
    expect(await fileFingerprint(new TextEncoder().encode('%PDF-1.4 two'))).not.toBe(one);
  });

  it('must reset on the next calendar day', () => {
    const late = new Date(2024, 5, 10, 23, 59);
    for (let i = 0; i < 3; i += 1) consumeGuestEdit(localStorage, `file${i}`, late);
    expect(consumeGuestEdit(localStorage, 'file0', new Date(2024, 5, 11, 0, 1))).toEqual({ allowed: true, remaining: 2 });
  });

  it('must treat a corrupt counter as a fresh day', () => {
    localStorage.setItem('guestDailyEdits', '{not json');
    expect(remainingGuestEdits(localStorage)).toBe(3);
  });

  it('must word the loaded message as the spec does', () => {
    expect(loadedMessage('a.pdf', 2)).toBe('Loaded a.pdf. 2 free edits remaining today.');
    expect(loadedMessage('a.pdf', 1)).toBe('Loaded a.pdf. 1 free edit remaining today.');
    expect(loadedMessage('a.pdf', 0)).toBe('Loaded a.pdf. 0 free edits remaining today.');
  });
});

describe('guest streak', () => {
  it('must start at one', () => {
    expect(nextStreak(null, '2024-06-10').record).toEqual({
      currentStreak: 1,
      longestStreak: 1,
      lastEditDate: '2024-06-10',
      totalEdits: 1,
    });
  });

  it('must keep the record on the same day', () => {
    const first = nextStreak(null, '2024-06-10').record;
    expect(nextStreak(first, '2024-06-10')).toEqual({ record: first, celebrate: false });
  });

  it('must grow on consecutive days, across a month end, and celebrate 3 and 7', () => {
    let record = nextStreak(null, '2024-05-29').record;
    const celebrations: number[] = [];
    for (const day of ['2024-05-30', '2024-05-31', '2024-06-01', '2024-06-02', '2024-06-03', '2024-06-04']) {
      const step = nextStreak(record, day);
      record = step.record;
      if (step.celebrate) celebrations.push(record.currentStreak);
    }
    expect(record.currentStreak).toBe(7);
    expect(record.longestStreak).toBe(7);
    expect(record.totalEdits).toBe(7);
    expect(celebrations).toEqual([3, 7]);
  });

  it('must reset to one after a gap but keep the longest streak', () => {
    let record = nextStreak(null, '2024-06-01').record;
    record = nextStreak(record, '2024-06-02').record;
    const after = nextStreak(record, '2024-06-05').record;
    expect(after).toMatchObject({ currentStreak: 1, longestStreak: 2, totalEdits: 3, lastEditDate: '2024-06-05' });
  });

  it('must persist the streak', () => {
    recordStreakEdit(localStorage, new Date(2024, 5, 10));
    recordStreakEdit(localStorage, new Date(2024, 5, 11));
    expect(readStreak(localStorage)?.currentStreak).toBe(2);
  });
});
