// The whole editor on real PDFs: an ordinary paper, mixed page sizes, rotated pages, a
// password-protected file, a file that is not a PDF, and no file at all.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { normalizeAnnotation } from '../core/index';
import type { Annotation } from '../core/index';
import { EditorWithTool, pdf } from './stories/helpers';

const meta = {
  title: 'Editor/PdfEditor',
  component: EditorWithTool,
} satisfies Meta<typeof EditorWithTool>;

export default meta;
type Story = StoryObj<typeof meta>;

const sample: Annotation[] = [
  normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 60, y: 60 }, width: 160, height: 80, color: '#FF0000', strokeWidth: 3 }),
  normalizeAnnotation({ type: 'text', page: 1, position: { x: 260, y: 70 }, content: 'Marginalia', fontSize: 24, color: '#0000FF' }),
  normalizeAnnotation({ type: 'highlight', page: 1, position: { x: 60, y: 160 }, width: 300, height: 18 }),
  normalizeAnnotation({ type: 'arrow', page: 1, position: { x: 400, y: 60 }, endPoint: { x: 500, y: 140 }, color: '#008000' }),
] as Annotation[];

export const Tracemonkey: Story = { args: { file: pdf('tracemonkey.pdf'), defaultAnnotations: sample } };
export const MixedPageSizes: Story = { args: { file: pdf('sizes.pdf') } };
export const RotatedPages: Story = { args: { file: pdf('habibi-rotated.pdf') } };
export const ManyPages: Story = { args: { file: pdf('freeculture.pdf') } };
export const PasswordProtected: Story = { args: { file: pdf('libreoffice-writer-password.pdf') } };
export const LoadError: Story = { args: { file: pdf('bad.pdf') } };
export const NoDocument: Story = { args: { file: null } };
export const ExternalScale: Story = { args: { file: pdf('sizes.pdf'), scale: 1, sidebar: false } };
export const Themed: Story = {
  args: { file: pdf('sizes.pdf'), style: { ['--mg-accent' as string]: '#db2777', ['--mg-bg' as string]: '#fdf2f8' } },
};
export const ProToolsGated: Story = {
  args: {
    file: pdf('sizes.pdf'),
    gate: {
      check: (action) =>
        action.type === 'tool' && (action.tool === 'signature' || action.tool === 'comment')
          ? { prompt: 'pro-feature', message: 'Upgrade to Pro to use this feature' }
          : 'allow',
    },
  },
};
