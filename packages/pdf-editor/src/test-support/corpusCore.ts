// What the corpus check's bundle holds (corpus.ts): the core's public API, and the check of the
// import's own object parser against the engine.
export * from '../core/index';
export { preloadAgreement } from './preloadAgreement';
