// browserSignatureStore in a DOM environment: the list survives a new store (a reload), is kept
// short and unique, and bad or unreachable localStorage never leaves it in a broken state.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserSignatureStore } from './browserSignatureStore';

const sig = (n: number) => `data:image/png;base64,${n}`;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('browserSignatureStore', () => {
  it('must give the saved signatures back to a new store under marginalia-signatures', async () => {
    expect(await browserSignatureStore().load()).toEqual([]);
    await browserSignatureStore().save([sig(2), sig(1)]);
    expect(JSON.parse(localStorage.getItem('marginalia-signatures') ?? 'null')).toEqual({ version: 1, signatures: [sig(2), sig(1)] });
    expect(await browserSignatureStore().load()).toEqual([sig(2), sig(1)]);
    await browserSignatureStore({ key: 'other' }).save([sig(3)]);
    expect(await browserSignatureStore({ key: 'other' }).load()).toEqual([sig(3)]);
    expect(await browserSignatureStore().load()).toEqual([sig(2), sig(1)]);
  });

  it('must keep the first five distinct signatures, on save and on load', async () => {
    const store = browserSignatureStore();
    await store.save([sig(1), sig(2), sig(1), sig(3), sig(4), sig(5), sig(6)]);
    expect(await store.load()).toEqual([1, 2, 3, 4, 5].map(sig));
    // Written by something else (an older version, a hand edit): still capped, deduped, images only.
    localStorage.setItem(
      'marginalia-signatures',
      JSON.stringify({ version: 1, signatures: [sig(9), 42, sig(9), 'javascript:alert(1)', sig(8), sig(7), sig(6), sig(5), sig(4)] }),
    );
    expect(await store.load()).toEqual([9, 8, 7, 6, 5].map(sig));
  });

  it('must load corrupt or unknown data as no signatures and write over it on the next save', async () => {
    const store = browserSignatureStore();
    for (const raw of ['{not json', '"a string"', 'null', JSON.stringify([sig(1)]), JSON.stringify({ version: 2, signatures: [sig(1)] })]) {
      localStorage.setItem('marginalia-signatures', raw);
      expect(await store.load(), raw).toEqual([]);
    }
    await store.save([sig(1)]);
    expect(await store.load()).toEqual([sig(1)]);
  });

  it('must reject, not throw, when localStorage is blocked, missing or full', async () => {
    const blocked = new DOMException('The operation is insecure.', 'SecurityError');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw blocked;
      },
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    });
    // Creating the store touches nothing: safe during server rendering.
    const store = browserSignatureStore();
    const loading = store.load();
    await expect(loading).rejects.toThrow(/Could not read the saved signatures from localStorage: The operation is insecure/);
    await expect(loading.catch((error: Error) => error.cause)).resolves.toBe(blocked);
    await expect(store.save([sig(1)])).rejects.toThrow(/Could not write the saved signatures to localStorage: Quota exceeded/);

    vi.stubGlobal('localStorage', undefined);
    await expect(browserSignatureStore().load()).rejects.toThrow(/localStorage is not available/);
  });
});
