// Holds the app's single ApiClient; main.tsx installs it once the router and toasts exist.
import type { ApiClient } from './client';

let current: ApiClient | null = null;

export function installApiClient(client: ApiClient): void {
  current = client;
}

export function api(): ApiClient {
  if (!current) throw new Error('API client used before installApiClient()');
  return current;
}
