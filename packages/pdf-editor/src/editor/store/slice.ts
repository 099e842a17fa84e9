// How the editor's store is cut: each slice owns some of EditorState's fields and the actions that
// change them. A slice writes through a `set` that takes its own fields only (a write to another
// slice's field does not compile), reads the whole state, and changes what another slice owns by
// calling that slice's actions. createEditorStore composes the slices into the one flat EditorState.
import type { EditorActions, EditorState } from './types';

/** A slice's fields and actions, as they appear in the flat EditorState. */
export type Slice<Field extends keyof EditorState, Action extends keyof EditorActions> = Pick<EditorState, Field> & {
  actions: Pick<EditorActions, Action>;
};

/** Writes the fields of one slice, and nothing else. */
export type SetSlice<Field extends keyof EditorState> = (patch: Partial<Pick<EditorState, Field>>) => void;

export type GetState = () => EditorState;
