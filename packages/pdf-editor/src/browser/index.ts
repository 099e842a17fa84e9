// Browser implementations of the core's adapters (localStorage/IndexedDB and HTTP storage, saved
// signatures in localStorage).
export { browserStorage } from './browserStorage';
export type { BrowserStorageOptions } from './browserStorage';
export { browserSignatureStore } from './browserSignatureStore';
export type { BrowserSignatureStoreOptions } from './browserSignatureStore';
export { httpStorage, StorageRequestError } from './httpStorage';
