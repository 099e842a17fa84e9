// Ships the editor's one stylesheet as dist/styles.css (package export "./styles.css").
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(root, 'dist'), { recursive: true });
copyFileSync(join(root, 'src/react/styles.css'), join(root, 'dist/styles.css'));
