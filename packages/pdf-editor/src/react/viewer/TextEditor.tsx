// The inline input of the text and comment tools: "Click to edit"; Enter (without Shift) or blur
// commits, Escape cancels.
import { useEffect, useRef } from 'react';
import { useEditorRuntime, useEditorState } from '../context';
import type { TextEditing } from '../../editor/internal';

export function TextEditor({ editing, zoom }: { editing: TextEditing; zoom: number }) {
  const { messages } = useEditorRuntime();
  const actions = useEditorState((s) => s.actions);
  const style = useEditorState((s) => s.style);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const comment = editing.kind === 'comment';
  return (
    <textarea
      ref={ref}
      className={comment ? 'mg-text-editor mg-comment-editor' : 'mg-text-editor'}
      aria-label={comment ? messages.commentPlaceholder : messages.textPlaceholder}
      placeholder={comment ? messages.commentPlaceholder : messages.textPlaceholder}
      value={editing.content}
      rows={Math.max(1, editing.content.split('\n').length)}
      style={{
        left: editing.position.x * zoom,
        top: (editing.position.y + (comment ? 26 : 0)) * zoom,
        fontSize: comment ? 13 : style.fontSize * zoom,
        fontFamily: comment ? undefined : style.fontFamily,
        fontWeight: comment ? undefined : style.fontWeight,
        fontStyle: comment ? undefined : style.fontStyle,
        color: comment ? undefined : style.color,
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
