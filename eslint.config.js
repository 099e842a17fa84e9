// One lint config for every workspace: typescript-eslint's recommended rules, strict about `any`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/storybook-static/**',
      '**/coverage/**',
      '**/data/**',
      '**/artifacts/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // zod's `z` export is one object holding all of zod (every locale included): a bundle that
      // imports it keeps 443 KB of minified zod, against 93 KB for the namespace import, which
      // bundlers shake to what is used (scripts/first-paint.test.ts).
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
          message: "Write `import * as z from 'zod'`: the `z` object keeps all of zod in a bundle (scripts/first-paint.test.ts).",
        },
      ],
    },
  },
  // One seam to the PDF engine: only src/core/pdf speaks to @libpdf/core, and everything else
  // (tests included, as they would break on an engine upgrade too) goes through
  // src/core/pdf/engine.ts or the engine-neutral types of src/core/pdfObjectTypes.ts. The base rule,
  // not typescript-eslint's, so the layer rules below (which set that one) do not replace it.
  {
    files: ['packages/pdf-editor/src/**/*.{ts,tsx}'],
    ignores: ['packages/pdf-editor/src/core/pdf/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@libpdf/core(/|$)',
              message: 'Only src/core/pdf speaks to the PDF engine: take what you need from src/core/pdf/engine.ts (docs/architecture.md, "The PDF engine").',
            },
          ],
        },
      ],
    },
  },
  // The SDK's layers point one way: core <- editor (createEditor, no React) <- react. Each layer
  // imports the one below through its public index, plus one explicit internal entry.
  {
    files: ['packages/pdf-editor/src/editor/**/*.ts'],
    // Browser tests launch Chromium through the React layer's e2e harness; they ship nothing. The
    // export worker is a bundle of its own, loaded on the first export: the engine is its job.
    ignores: ['**/*.browser.test.ts', '**/*.test.ts', 'packages/pdf-editor/src/editor/export/exportWorker.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            // Values of the public index would pull the PDF engine into the first paint: the index
            // re-exports the export and page operations (see src/core/internal.ts).
            {
              regex: '(^|/)core/index$',
              allowTypeImports: true,
              message:
                'Take values from src/core/internal.ts: the core index reaches the PDF engine, which would then load before the first page paints (scripts/first-paint.test.ts).',
            },
            { regex: '^react(-dom)?(/|$)', message: 'The editor is framework-free: React belongs in src/react.' },
            { regex: '(^|/)react/', message: 'The editor is framework-free: it never imports the React layer.' },
            // Static imports only: a dynamic import() of a core module (the export, page operations)
            // is how a lazily loaded chunk is split off, which importing the index would undo.
            {
              regex: '(^|/)core/(?!(index|internal)$)',
              message: 'Import the core through src/core/index.ts (public) or src/core/internal.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/pdf-editor/src/react/**/*.{ts,tsx}'],
    // Tests and stories ship nothing: they may take values from the public index.
    ignores: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', '**/*.test-d.tsx', 'packages/pdf-editor/src/react/e2e/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            // Values of the public index would pull the PDF engine into the first paint: the index
            // re-exports the export and page operations (see src/core/internal.ts).
            {
              regex: '(^|/)core/index$',
              allowTypeImports: true,
              message:
                'Take values from src/core/internal.ts: the core index reaches the PDF engine, which would then load before the first page paints (scripts/first-paint.test.ts).',
            },
            {
              regex: '(^|/)core/(?!(index|internal)$)',
              message: 'Import the core through src/core/index.ts (public) or src/core/internal.ts.',
            },
            {
              regex: '(^|/)editor/(?!(index|internal)$)',
              message: 'Import the editor through src/editor/index.ts (public) or src/editor/internal.ts.',
            },
          ],
        },
      ],
    },
  },
  // The collaboration layer sits on the editor: it takes the core and the editor through their
  // indexes (types) and internal entries (values), and never React.
  {
    files: ['packages/pdf-editor/src/collab/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(core|editor)/index$',
              allowTypeImports: true,
              message: 'Take values from src/core/internal.ts or src/editor/internal.ts: the core index reaches the PDF engine.',
            },
            { regex: '^react(-dom)?(/|$)|(^|/)react/', message: 'Collaboration is framework-free: React belongs in src/react.' },
            {
              regex: '(^|/)(core|editor)/(?!(index|internal)$)',
              message: 'Import the core and the editor through their index.ts (public) or internal.ts.',
            },
          ],
        },
      ],
    },
  },
  // The server's layers (docs/architecture.md): routes -> domain/services -> infrastructure. The
  // domain never speaks HTTP: it throws the named errors of src/domain/errors.ts, and src/errors.ts
  // alone turns them into statuses and bodies.
  {
    files: ['host-server/src/services/**/*.ts', 'host-server/src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)routes(/|$)', message: 'Services sit below the routes: move what both need into src/domain or src/services.' },
            { regex: '^(koa|koa-[^/]+|@koa/.+)$', message: 'Services never see a request: routes parse it and pass plain values.' },
            {
              regex: '^\\.\\./errors$',
              message: 'Services throw the named errors of src/domain/errors.ts; src/errors.ts maps them to HTTP (no HttpError here).',
            },
          ],
        },
      ],
    },
  },
);
