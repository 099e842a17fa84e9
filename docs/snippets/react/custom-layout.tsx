import {
  EditorProvider,
  PdfViewer,
  PropertiesPanel,
  Thumbnails,
  Toolbar,
  useEditorState,
  usePdfEditor,
} from '@marginalia/pdf-editor';

function UnsavedBadge() {
  // Selector hooks re-render only when the selected value changes.
  const count = useEditorState((state) => state.annotations.length);
  const page = useEditorState((state) => state.currentPage);
  return (
    <span>
      {count} annotation(s), page {page}
    </span>
  );
}

export function CustomLayout({ file }: { file: string }) {
  const editor = usePdfEditor({ file, fileName: 'report.pdf' });
  return (
    <EditorProvider editor={editor}>
      <div className="mg-editor my-layout">
        <Toolbar end={<UnsavedBadge />} />
        <div style={{ display: 'grid', gridTemplateColumns: '160px 1fr 220px', minHeight: 0, flex: 1 }}>
          <Thumbnails pageTools={false} />
          <PdfViewer />
          <PropertiesPanel />
        </div>
      </div>
    </EditorProvider>
  );
}
