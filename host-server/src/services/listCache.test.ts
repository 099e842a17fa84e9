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
    expect(cache.size).toBe('four'.length);
    // A slow request that read the older version finishes last: it must not replace the newer list.
    cache.set('ada', 3, 'page=1', 'three');
    expect(cache.get('ada', 4, 'page=1')).toBe('four');
  });

  it('stays within its size, forgetting the least recently used user first', () => {
    const cache = new ListCache(10);
    cache.set('ada', 1, '', 'aaaa');
    cache.set('bob', 1, '', 'bbbb');
    expect(cache.get('ada', 1, '')).toBe('aaaa');
    cache.set('cy', 1, '', 'cccc');
    expect(cache.get('bob', 1, '')).toBeUndefined();
    expect(cache.get('ada', 1, '')).toBe('aaaa');
    expect(cache.get('cy', 1, '')).toBe('cccc');
    expect(cache.size).toBe(8);
    cache.set('dee', 1, '', 'x'.repeat(11));
    expect(cache.get('dee', 1, '')).toBeUndefined();
  });
});
