// Browser implementations of the core's adapters (localStorage/IndexedDB and HTTP storage).
export { browserStorage } from './browserStorage';
export type { BrowserStorageOptions } from './browserStorage';
export { httpStorage, StorageRequestError } from './httpStorage';
