import { afterEach, describe, expect, it } from 'vitest';
import { signatureStoreFor } from './signatures';

const ADA_SIGNATURE = 'data:image/png;base64,QURB';

afterEach(() => localStorage.clear());

describe('signatureStoreFor', () => {
  it("keeps each account's signatures apart in this browser", async () => {
    await signatureStoreFor('ada')?.save([ADA_SIGNATURE]);
    expect(await signatureStoreFor('ada')?.load()).toEqual([ADA_SIGNATURE]);
    expect(await signatureStoreFor('bob')?.load()).toEqual([]);
  });

  it('keeps nothing for a guest', () => {
    expect(signatureStoreFor(null)).toBeNull();
    expect(signatureStoreFor(undefined)).toBeNull();
  });
});
