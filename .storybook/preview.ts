// Every story gets the editor's stylesheet and a full-height canvas.
import type { Preview } from '@storybook/react-vite';
import '../packages/pdf-editor/src/react/styles.css';
import './preview.css';

const preview: Preview = {
  parameters: { layout: 'fullscreen' },
};

export default preview;
