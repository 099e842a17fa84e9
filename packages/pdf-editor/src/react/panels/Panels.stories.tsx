// The pieces on their own, in a custom layout: properties panel, thumbnails, signature pad.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import type { EditorTool } from '../../core/index';
import { EditorProvider } from '../context';
import { usePdfEditor } from '../usePdfEditor';
import { pdf } from '../stories/helpers';
import { PropertiesPanel } from './PropertiesPanel';
import { SignaturePad } from './SignaturePad';
import { Thumbnails } from './Thumbnails';

function PanelFor({ tool }: { tool: EditorTool }) {
  const editor = usePdfEditor();
  useEffect(() => void editor.setTool(tool), [editor, tool]);
  return (
    <EditorProvider editor={editor}>
      <div className="mg-editor" style={{ width: 240 }}>
        <PropertiesPanel />
      </div>
    </EditorProvider>
  );
}

function ThumbnailStrip({ file }: { file: string }) {
  const editor = usePdfEditor({ file });
  return (
    <EditorProvider editor={editor}>
      <div className="mg-editor" style={{ width: 200, height: '100vh' }}>
        <Thumbnails />
      </div>
    </EditorProvider>
  );
}

const meta = { title: 'Pieces/Panels' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const PropertiesForText: Story = { render: () => <PanelFor tool="text" /> };
export const PropertiesForShapes: Story = { render: () => <PanelFor tool="rectangle" /> };
export const PropertiesForWhiteout: Story = { render: () => <PanelFor tool="whiteout" /> };
export const ThumbnailsOfMixedSizes: Story = { render: () => <ThumbnailStrip file={pdf('sizes.pdf')} /> };
export const ThumbnailsOfALongBook: Story = { render: () => <ThumbnailStrip file={pdf('freeculture.pdf')} /> };
export const SignaturePadAlone: Story = {
  render: () => (
    <div className="mg-editor" style={{ padding: 16 }}>
      <SignaturePad onSave={(url) => window.dispatchEvent(new CustomEvent('signature', { detail: url }))} onCancel={() => undefined} />
    </div>
  ),
};
