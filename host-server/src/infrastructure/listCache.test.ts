import { describe, expect, it } from 'vitest';
import { ListCache } from './listCache';

describe('ListCache', () => {
  it('answers only for the version and query a body was kept under', () => {
    const cache = new ListCache();
    cache.set('ada', 3, 'page=1', 'three');
    expect(cache.get('ada', 3, 'page=1')).toBe('three');
    expect(cache.get('ada', 3, 'page=2')).toBeUndefined();
    expect(cache.get('ada', 4, 'page=1')).toBeUndefined();
    expect(cache.get('bob', 3, 'page=1')).toBeUndefined();
  });

  it("drops a user's older lists when a newer version arrives, and never goes back to an older one", () => {
    const cache = new ListCache();
    cache.set('ada', 3, 'page=1', 'three');
    cache.set('ada', 3, 'page=2', 'three, page 2');
    cache.set('ada', 4, 'page=1', 'four');
    expect(cache.get('ada', 3, 'page=2')).toBeUndefined();
    expect(cache.entriesOf('ada')).toBe(1);
    // A slow request that read the older version finishes last: it must not replace the newer list.
    cache.set('ada', 3, 'page=1', 'three');
    expect(cache.get('ada', 4, 'page=1')).toBe('four');
  });

  it('stays within its bytes, forgetting the least recently used user first', () => {
    const entry = (key: string, body: string) => 2 * (key.length + body.length) + 64;
    const perUser = (user: string, body: string) => entry(user, '') + entry('', body);
    const cache = new ListCache({ maxBytes: 2 * perUser('ada', 'aaaa') + 10 });
    cache.set('ada', 1, '', 'aaaa');
    cache.set('bob', 1, '', 'bbbb');
    expect(cache.get('ada', 1, '')).toBe('aaaa');
    cache.set('cy', 1, '', 'cccc');
    expect(cache.get('bob', 1, '')).toBeUndefined();
    expect(cache.get('ada', 1, '')).toBe('aaaa');
    expect(cache.get('cy', 1, '')).toBe('cccc');
    expect(cache.bytes).toBe(perUser('ada', 'aaaa') + perUser('cy', 'cccc'));
    cache.set('dee', 1, '', 'x'.repeat(cache.limits.maxBytes));
    expect(cache.get('dee', 1, '')).toBeUndefined();
  });

  it('counts the query strings too, and keeps a bounded number of lists per user', () => {
    const cache = new ListCache({ maxBytes: 1024 * 1024, maxEntriesPerUser: 32 });
    cache.set('bob', 1, 'page=1', "bob's list");
    // One account asking for thousands of distinct, long query strings with tiny answers.
    for (let i = 0; i < 5000; i += 1) {
      cache.set('mallory', 1, `page=1&pad=${String(i).padStart(8000, '0')}`, '[]');
      expect(cache.bytes).toBeLessThanOrEqual(cache.limits.maxBytes);
      expect(cache.entriesOf('mallory')).toBeLessThanOrEqual(32);
    }
    expect(cache.entriesOf('mallory')).toBe(32);
    // Its latest lists are the ones kept, and the other user's list is still there.
    expect(cache.get('mallory', 1, `page=1&pad=${String(4999).padStart(8000, '0')}`)).toBe('[]');
    expect(cache.get('mallory', 1, `page=1&pad=${String(0).padStart(8000, '0')}`)).toBeUndefined();
    expect(cache.get('bob', 1, 'page=1')).toBe("bob's list");
  });

  it("forgets a user's least recently used list first", () => {
    const cache = new ListCache({ maxEntriesPerUser: 2 });
    cache.set('ada', 1, 'page=1', 'one');
    cache.set('ada', 1, 'page=2', 'two');
    expect(cache.get('ada', 1, 'page=1')).toBe('one');
    cache.set('ada', 1, 'page=3', 'three');
    expect(cache.get('ada', 1, 'page=2')).toBeUndefined();
    expect(cache.get('ada', 1, 'page=1')).toBe('one');
  });

  it('keeps nothing with no bytes to keep it in (LIST_CACHE_MB=0)', () => {
    const cache = new ListCache({ maxBytes: 0 });
    cache.set('ada', 1, 'page=1', 'one');
    expect(cache.get('ada', 1, 'page=1')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});
