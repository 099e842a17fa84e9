// The inline input of the text and comment tools, and of any kind whose text is typed in place:
// "Click to edit"; Enter (without Shift) or blur commits, Escape cancels. A text box is typed where
// it stands, in its font; a note (a comment's, a caret's) in a plain box below its annotation.
import { useEffect, useRef } from 'react';
import { normalizeAnnotation } from '../../core/internal';
import type { AnnotationInput } from '../../core/index';
import { kindOf } from '../../core/internal';
import { useEditorRuntime, useEditorState } from '../context';
import { bounds } from '../../editor/internal';
import type { TextEditing } from '../../editor/internal';

/** The gap between a note's annotation and the box its note is typed in. */
const NOTE_GAP = 6;

export function TextEditor({ editing, zoom }: { editing: TextEditing; zoom: number }) {
  const { messages } = useEditorRuntime();
  const actions = useEditorState((s) => s.actions);
  const style = useEditorState((s) => s.style);
  const edited = useEditorState((s) => s.annotations.find((a) => a.id === editing.id));
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const note = kindOf(editing.kind).capabilities.edit?.in === 'note';
  // A note goes below the annotation: the one edited, or the one it will make.
  const box = note
    ? bounds(edited ?? normalizeAnnotation({ type: editing.kind, page: editing.page, position: editing.position } as AnnotationInput))
    : undefined;
  return (
    <textarea
      ref={ref}
      className={note ? 'mg-text-editor mg-comment-editor' : 'mg-text-editor'}
      aria-label={note ? messages.commentPlaceholder : messages.textPlaceholder}
      placeholder={note ? messages.commentPlaceholder : messages.textPlaceholder}
      value={editing.content}
      rows={Math.max(1, editing.content.split('\n').length)}
      style={{
        left: (box ? box.x : editing.position.x) * zoom,
        top: (box ? box.y + box.height + NOTE_GAP : editing.position.y) * zoom,
        fontSize: note ? 13 : style.fontSize * zoom,
        // Characters the chosen font lacks come from the export's fonts, as they will in the PDF.
        fontFamily: note ? undefined : `${style.fontFamily}, var(--mg-unicode-fonts)`,
        fontWeight: note ? undefined : style.fontWeight,
        fontStyle: note ? undefined : style.fontStyle,
        color: note ? undefined : style.color,
      }}
      onChange={(event) => actions.setEditingContent(event.target.value)}
      onBlur={() => actions.commitEditing()}
      onPointerDown={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Escape') {
          event.preventDefault();
          actions.cancelEditing();
        } else if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          actions.commitEditing();
        }
      }}
    />
  );
}
