/* global URL */
// A plain webpack 5 production build: the only setting for the SDK is the CSS import, which
// webpack's built-in CSS support handles (a third party would add css-loader instead).
// #region config
import { fileURLToPath } from 'node:url';

export default {
  mode: 'production',
  context: fileURLToPath(new URL('.', import.meta.url)),
  entry: './src/main.mjs',
  output: { path: fileURLToPath(new URL('./dist', import.meta.url)), publicPath: '/', clean: true },
  experiments: { css: true },
  performance: { hints: false },
};
// #endregion
