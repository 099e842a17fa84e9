import { beforeEach, describe, expect, it } from 'vitest';
import { RECOVERY_LINK_VALIDITY_MS, recoveryKey, redeemRecoveryLink, saveRecoveryLink } from './recoveryLink';

const file = { fileName: 'contract.pdf', fileData: 'data:application/pdf;base64,JVBERi0=', editCount: 3, timeSpent: 4 };

beforeEach(() => localStorage.clear());

describe('recovery links', () => {
  it('must hand back the file of a valid link once', () => {
    const id = saveRecoveryLink(localStorage, file, 'abc', 1_000);
    expect(redeemRecoveryLink(localStorage, id, 1_000 + RECOVERY_LINK_VALIDITY_MS - 1)).toEqual({
      kind: 'valid',
      fileName: 'contract.pdf',
      fileData: file.fileData,
    });
    expect(localStorage.getItem(recoveryKey(id))).toBeNull();
    expect(redeemRecoveryLink(localStorage, id, 2_000)).toEqual({ kind: 'missing' });
  });

  it('must report an unknown id as missing', () => {
    expect(redeemRecoveryLink(localStorage, 'nope')).toEqual({ kind: 'missing' });
  });

  it('must expire after 24 hours and remove the record', () => {
    const id = saveRecoveryLink(localStorage, file, 'old', 0);
    expect(redeemRecoveryLink(localStorage, id, RECOVERY_LINK_VALIDITY_MS + 1)).toEqual({ kind: 'expired' });
    expect(localStorage.getItem(recoveryKey(id))).toBeNull();
  });

  it('must store what the spec lists', () => {
    saveRecoveryLink(localStorage, file, 'rec', 42);
    const record = JSON.parse(localStorage.getItem(recoveryKey('rec')) ?? '{}') as Record<string, unknown>;
    expect(record).toMatchObject({ timestamp: 42, fileName: 'contract.pdf', editCount: 3, timeSpent: 4 });
    expect(JSON.parse(record.documentState as string)).toEqual({ fileName: 'contract.pdf', fileData: file.fileData });
  });
});
