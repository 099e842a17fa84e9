// The persistence slice: what storage holds and how the editor stands against it. Its actions are
// the editor's persistence controller's (editor/persistence.ts), which works out what they record.
import type { Annotation } from '../../core/index';
import type { SetSlice, Slice } from './slice';

type PersistenceField = 'savedAnnotations' | 'dirty' | 'saving' | 'conflict';

export function persistenceSlice(
  stored: Annotation[],
  set: SetSlice<PersistenceField>,
): Slice<PersistenceField, 'setSavedAnnotations' | 'setDirty' | 'setSaving' | 'setConflict'> {
  return {
    savedAnnotations: stored,
    dirty: false,
    saving: false,
    conflict: null,
    actions: {
      setSavedAnnotations(savedAnnotations) {
        set({ savedAnnotations });
      },
      setDirty(dirty) {
        set({ dirty });
      },
      // A save that starts forgets the last one's conflict.
      setSaving(saving) {
        set(saving ? { saving, conflict: null } : { saving });
      },
      setConflict(conflict) {
        set({ conflict });
      },
    },
  };
}
