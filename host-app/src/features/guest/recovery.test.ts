import { beforeEach, describe, expect, it } from 'vitest';
import {
  BACKUP_VALIDITY_MS,
  clearRecoveryData,
  getRecoveryData,
  hasPendingRecovery,
  restorePendingDocument,
  saveRecoveryData,
  savePendingDocument,
} from './recovery';
import { postAuthDestination } from '../auth/session';

const stores = () => ({ local: localStorage, session: sessionStorage });
const work = { fileName: 'a.pdf', fileData: 'data:application/pdf;base64,JVBERi0=', annotations: [], editCount: 2, timeSpent: 3 };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('recovery data', () => {
  it('must refuse to save without file data', () => {
    expect(saveRecoveryData(stores(), { ...work, fileData: undefined })).toBe(false);
    expect(hasPendingRecovery(stores())).toBe(false);
  });

  it('must survive for one hour, then be ignored', () => {
    expect(saveRecoveryData(stores(), work, 0)).toBe(true);
    expect(getRecoveryData(stores(), BACKUP_VALIDITY_MS)).toMatchObject({ ...work, source: 'EditorStateManager' });
    expect(getRecoveryData(stores(), BACKUP_VALIDITY_MS + 1)).toBeNull();
  });

  it('must survive a cleared session storage (sign-in in a new tab)', () => {
    saveRecoveryData(stores(), work, 0);
    sessionStorage.clear();
    expect(getRecoveryData(stores(), 10)?.fileName).toBe('a.pdf');
  });

  it('must fall back to the pending document and restore it into the session', () => {
    savePendingDocument(localStorage, work);
    expect(getRecoveryData(stores())?.source).toBe('DocumentRecovery');
    expect(restorePendingDocument(stores())).toBe(true);
    expect(localStorage.getItem('pendingDocument')).toBeNull();
    expect(sessionStorage.getItem('guestFileData')).toBe(work.fileData);
  });

  it('must drop a corrupt pending document', () => {
    localStorage.setItem('pendingDocument', '{broken');
    expect(restorePendingDocument(stores())).toBe(false);
    expect(localStorage.getItem('pendingDocument')).toBeNull();
  });

  it('must clear everything', () => {
    saveRecoveryData(stores(), work);
    savePendingDocument(localStorage, work);
    clearRecoveryData(stores());
    expect(hasPendingRecovery(stores())).toBe(false);
    expect(getRecoveryData(stores())).toBeNull();
  });

  it('must name the file Untitled.pdf when it has no name', () => {
    saveRecoveryData(stores(), { ...work, fileName: '' });
    expect(getRecoveryData(stores())?.fileName).toBe('Untitled.pdf');
  });
});

describe('after sign-in', () => {
  it('must reload into the editor when work is pending', () => {
    expect(postAuthDestination(true, '/documents')).toEqual({ kind: 'reload', to: '/editor' });
  });
  it('must return to the guarded page, else the dashboard', () => {
    expect(postAuthDestination(false, '/documents')).toEqual({ kind: 'navigate', to: '/documents' });
    expect(postAuthDestination(false, null)).toEqual({ kind: 'navigate', to: '/dashboard' });
    expect(postAuthDestination(false, '//evil.example')).toEqual({ kind: 'navigate', to: '/dashboard' });
  });
});
