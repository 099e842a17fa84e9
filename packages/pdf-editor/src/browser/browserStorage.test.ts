// browserStorage in a DOM environment: the spec's localStorage key, versions, conflicts.
import { describe, expect, it } from 'vitest';
import { StorageConflictError } from '../core/adapters';
import { normalizeAnnotation } from '../core/model/defaults';
import type { Annotation } from '../core/model/types';
import { browserStorage } from './browserStorage';

describe('browserStorage', () => {
  it('must keep annotations under pdf-annotations, versioned, and refuse stale saves', async () => {
    localStorage.clear();
    const storage = browserStorage();
    const note = normalizeAnnotation({ type: 'text', page: 2, content: 'Hi' }) as Annotation;
    expect(await storage.load('doc')).toBeNull();
    await storage.save('doc', [note], 0);
    expect(JSON.parse(localStorage.getItem('pdf-annotations') ?? '{}').doc.version).toBe(1);
    expect(await browserStorage().load('doc')).toEqual({ annotations: [note], version: 1 });
    await expect(storage.save('doc', [], 0)).rejects.toBeInstanceOf(StorageConflictError);
  });
});
