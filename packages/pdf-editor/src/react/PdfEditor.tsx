// <PdfEditor />: the whole editor in one component: toolbar, thumbnails with page tools, the page
// viewer and the style panel. A ref gives the host undo, redo, getAnnotations, exportPdf,
// goToPage and setTool. Custom layouts use usePdfEditor + EditorProvider and the pieces instead.
// In a narrow editor (styles.css, compact layout) the sidebar becomes a drawer and the style panel
// a bottom sheet; this component only keeps which of the two is open, CSS does the rest.
import { forwardRef, useImperativeHandle, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import type { EditorApi } from '../editor/index';
import { runShortcut } from '../editor/internal';
import { EditorProvider, useEditorRuntime, useEditorState } from './context';
import { ImagePicker } from './panels/ImagePicker';
import { FindBar } from './panels/FindBar';
import { Notice } from './panels/Notice';
import { PropertiesPanel } from './panels/PropertiesPanel';
import { SignatureDialog } from './panels/SignaturePad';
import { SummaryPanel } from './panels/SummaryPanel';
import { Thumbnails } from './panels/Thumbnails';
import { Toolbar } from './panels/Toolbar';
import { usePdfEditor } from './usePdfEditor';
import type { UsePdfEditorOptions } from './usePdfEditor';
import { PdfViewer } from './viewer/PdfViewer';

/** What the ref of <PdfEditor /> offers the host: undo, redo, annotations, export, navigation, tools, save and download. */
export type PdfEditorHandle = EditorApi;

/** Props of <PdfEditor />: everything usePdfEditor takes, plus layout, slots and theming. */
export interface PdfEditorProps extends UsePdfEditorOptions {
  /** Show the toolbar (default true). */
  toolbar?: boolean;
  /** Show the thumbnail sidebar (default true). */
  sidebar?: boolean;
  /** Show the Style Options panel (default true). */
  propertiesPanel?: boolean;
  /** The host's own toolbar content, before the editor's buttons. */
  toolbarStart?: ReactNode;
  /** The host's own toolbar content, after the editor's buttons. */
  toolbarEnd?: ReactNode;
  /** The host's own content at the bottom of the sidebar. */
  sidebarFooter?: ReactNode;
  /** Added to the root element's `mg-editor` class. */
  className?: string;
  /** Theme through CSS variables, e.g. { '--mg-accent': '#7c3aed' }. */
  style?: CSSProperties;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Enter and Space on a focused button or link belong to that control (the host's too), not to shortcuts. */
function isActivatingControl(target: EventTarget | null, key: string): boolean {
  if (key !== 'Enter' && key !== ' ') return false;
  return target instanceof HTMLElement && target.closest('button, a[href], [role="button"], summary') !== null;
}

type Overlay = 'none' | 'drawer' | 'sheet';

/** The Style Options button of the compact layout: shows the colour of the current tool or selection. */
function SheetToggle({ open, onToggle }: { open: boolean; onToggle(): void }) {
  const color = useEditorState((s) => s.style.color);
  const { messages } = useEditorRuntime();
  return (
    <button type="button" className="mg-icon-button mg-compact-toggle mg-sheet-toggle" aria-label={messages.styleOptions}
      title={messages.styleOptions} aria-expanded={open} onClick={onToggle}>
      <span className="mg-sheet-swatch" style={{ background: color }} />
    </button>
  );
}

function Dialogs() {
  const placement = useEditorState((s) => s.placement?.kind);
  if (placement === 'signature') return <SignatureDialog />;
  if (placement === 'image') return <ImagePicker />;
  return null;
}

/**
 * The complete editor: toolbar, thumbnails with page tools, page viewer and Style Options panel,
 * with keyboard shortcuts. It fills the box the host gives it, so give it a height. Import
 * `@marginalia/pdf-editor/styles.css` once.
 *
 * @example
 * function Contract() {
 *   const editor = useRef<PdfEditorHandle>(null);
 *   // editor.current?.exportPdf() resolves with the annotated PDF's bytes.
 *   return (
 *     <PdfEditor
 *       ref={editor}
 *       file="/contract.pdf"
 *       fileName="contract.pdf"
 *       storage={httpStorage('https://api.example.com')}
 *       documentId="contract-42"
 *       onError={(error) => console.error(error)}
 *       style={{ height: '100vh' }}
 *     />
 *   );
 * }
 */
export const PdfEditor = forwardRef<PdfEditorHandle, PdfEditorProps>(function PdfEditor(props, ref) {
  const { toolbar = true, sidebar = true, propertiesPanel = true, toolbarStart, toolbarEnd, sidebarFooter, className, style, ...options } = props;
  const editor = usePdfEditor(options);
  const [overlay, setOverlay] = useState<Overlay>('none');
  const toggle = (which: Overlay) => setOverlay((open) => (open === which ? 'none' : which));

  useImperativeHandle(ref, () => ({
    undo: editor.undo,
    redo: editor.redo,
    getAnnotations: editor.getAnnotations,
    exportPdf: editor.exportPdf,
    goToPage: editor.goToPage,
    setTool: editor.setTool,
    save: editor.save,
    saveOver: editor.saveOver,
    download: editor.download,
  }), [editor]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target) || isActivatingControl(event.target, event.key)) return;
    const { key, ctrlKey, metaKey, shiftKey, altKey } = event;
    if (runShortcut(editor, { key, ctrlKey, metaKey, shiftKey, altKey })) event.preventDefault();
  };

  return (
    <EditorProvider editor={editor}>
      <div className={['mg-editor mg-adaptive', className].filter(Boolean).join(' ')} style={style} tabIndex={-1} onKeyDown={onKeyDown}
        data-overlay={overlay}>
        {toolbar && <Toolbar start={toolbarStart} end={toolbarEnd} />}
        <div className="mg-body">
          {sidebar && (
            <div className="mg-sidebar" onClick={(event) => {
              if (event.target instanceof Element && event.target.closest('.mg-thumb-button')) setOverlay('none');
            }}>
              <Thumbnails />
              {sidebarFooter}
            </div>
          )}
          {/* A region, not <main>: the host page owns its main landmark. */}
          <div className="mg-main" role="region" aria-label="PDF pages">
            <FindBar />
            <PdfViewer zoomControls={options.scale === undefined} />
          </div>
          <SummaryPanel />
          {propertiesPanel && <PropertiesPanel />}
        </div>
        {/* Shown only by the compact layout: the drawer of pages and the Style Options sheet. */}
        {sidebar && (
          <button type="button" className="mg-icon-button mg-compact-toggle mg-drawer-toggle" aria-label={editor.messages.thumbnails}
            title={editor.messages.thumbnails} aria-expanded={overlay === 'drawer'} onClick={() => toggle('drawer')}>
            ☰
          </button>
        )}
        {propertiesPanel && <SheetToggle open={overlay === 'sheet'} onToggle={() => toggle('sheet')} />}
        <Dialogs />
        <Notice />
      </div>
    </EditorProvider>
  );
});
