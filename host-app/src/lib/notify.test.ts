// @vitest-environment node
// One toast per failure: a screen's own message is added only when the API client has not already
// shown the server's answer. The client runs against a real HTTP server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { notifyFailure } from './notify';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: { error: toastError } }));

let server: Server;
let baseUrl = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const status = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status') ?? 200);
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: `server says ${status}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let shown: string[];
beforeEach(() => {
  shown = [];
  toastError.mockImplementation((message: string) => shown.push(message));
});

function client() {
  return createApiClient({
    baseUrl,
    getToken: () => 'token',
    clearToken: () => undefined,
    notifyError: (message) => shown.push(message),
    goToLogin: () => undefined,
  });
}

describe('failure toasts', () => {
  it('shows the server error once, not followed by the screen\'s own message', async () => {
    const error = await client().request('/documents?status=500').catch((caught: unknown) => caught);
    notifyFailure(error, 'Failed to delete document');
    expect(shown).toEqual(['Server error. Please try again later.']);
  });

  it('shows the screen\'s message when the client stayed silent or the failure was not an HTTP one', async () => {
    const silent = await client().request('/documents?status=500', { silent: true }).catch((caught: unknown) => caught);
    notifyFailure(silent, 'Failed to load documents');
    const handled = await client().request('/documents?status=409', { handledStatuses: [409] }).catch((caught: unknown) => caught);
    notifyFailure(handled, 'Failed to delete document');
    notifyFailure(new Error('disk full'), 'Failed to download document');
    expect(shown).toEqual(['Failed to load documents', 'Failed to delete document', 'Failed to download document']);
  });
});
