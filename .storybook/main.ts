// Storybook for @marginalia/pdf-editor. Real PDFs come from ../shared/pdfs (beside the
// repository, never copied into it), served at /pdfs/ when that folder exists.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const here = dirname(fileURLToPath(import.meta.url));
const sharedPdfs = process.env.MARGINALIA_SHARED_PDFS ?? join(here, '..', '..', 'shared', 'pdfs');

const config: StorybookConfig = {
  stories: ['../packages/pdf-editor/src/react/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: existsSync(sharedPdfs) ? [{ from: sharedPdfs, to: '/pdfs' }] : [],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
};

export default config;
