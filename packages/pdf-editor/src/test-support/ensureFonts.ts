// vitest globalSetup: makes sure fonts/ holds the bundled DejaVu fonts (normally copied by
// `npm run build`), so export tests also run on a fresh checkout.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function ensureFonts(): void {
  const script = fileURLToPath(new URL('../../scripts/copy-fonts.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
