// One story per tool: the editor on a real page with that tool chosen, ready to draw.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EditorWithTool, pdf } from './helpers';

const meta = {
  title: 'Editor/Tools',
  component: EditorWithTool,
  args: { file: pdf('tracemonkey.pdf') },
} satisfies Meta<typeof EditorWithTool>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Select: Story = { args: { tool: 'select' } };
export const Text: Story = { args: { tool: 'text' } };
export const Highlight: Story = { args: { tool: 'highlight' } };
export const Strikethrough: Story = { args: { tool: 'strikethrough' } };
export const Underline: Story = { args: { tool: 'underline' } };
export const Freehand: Story = { args: { tool: 'freehand' } };
export const Rectangle: Story = { args: { tool: 'rectangle' } };
export const Circle: Story = { args: { tool: 'circle' } };
export const Arrow: Story = { args: { tool: 'arrow' } };
export const Comment: Story = { args: { tool: 'comment' } };
export const Signature: Story = { args: { tool: 'signature' } };
export const Image: Story = { args: { tool: 'image' } };
export const Whiteout: Story = { args: { tool: 'whiteout' } };
export const Eraser: Story = { args: { tool: 'eraser' } };
