// Shared bits of the stories: the shared test PDFs (served at /pdfs/ by Storybook) and a frame
// that gives the editor the whole viewport.
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { EditorTool } from '../../core/index';
import { PdfEditor } from '../PdfEditor';
import type { PdfEditorHandle, PdfEditorProps } from '../PdfEditor';

export const pdf = (name: string) => `/pdfs/${name}`;

export function Frame({ children }: { children: ReactNode }) {
  return <div className="story-frame">{children}</div>;
}

/** The editor with a tool already chosen, as a user would after clicking its button. */
export function EditorWithTool({ tool, ...props }: PdfEditorProps & { tool?: EditorTool }) {
  const ref = useRef<PdfEditorHandle>(null);
  useEffect(() => {
    if (tool) ref.current?.setTool(tool);
  }, [tool]);
  return (
    <Frame>
      <PdfEditor ref={ref} {...props} />
    </Frame>
  );
}
