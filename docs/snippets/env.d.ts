// What a consumer's bundler types provide (Vite's vite/client, Next.js, CRA): stylesheet imports.
declare module '*.css';
