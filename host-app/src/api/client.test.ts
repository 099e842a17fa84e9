// @vitest-environment node
// The client against a real HTTP server on a random port: every status the spec names, and the bearer header.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiEnvironment } from './client';
import { ApiError, ERROR_MESSAGES } from './errors';

let server: Server;
let baseUrl = '';
let lastHeaders: IncomingHttpHeaders = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const status = Number(query.get('status') ?? 200);
    const code = query.get('code');
    const body = req.url?.startsWith('/nomessage')
      ? ''
      : JSON.stringify(status < 400 ? { ok: true } : { message: `server says ${status}`, ...(code ? { code } : {}) });
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Recorder {
  env: ApiEnvironment;
  toasts: string[];
  logins: number;
  token: string | null;
}

let recorder: Recorder;

beforeEach(() => {
  const state: Recorder = {
    toasts: [],
    logins: 0,
    token: 'abc123',
    env: undefined as unknown as ApiEnvironment,
  };
  state.env = {
    baseUrl,
    getToken: () => state.token,
    clearToken: () => {
      state.token = null;
    },
    notifyError: (message) => state.toasts.push(message),
    goToLogin: () => {
      state.logins += 1;
    },
  };
  recorder = state;
});

async function call(path: string) {
  return createApiClient(recorder.env).request(path);
}

describe('API client error mapping', () => {
  it('must send the stored token as a bearer header', async () => {
    await expect(call('/ok?status=200')).resolves.toEqual({ ok: true });
    expect(lastHeaders.authorization).toBe('Bearer abc123');
    expect(recorder.toasts).toEqual([]);
  });

  it('must send no Authorization header without a token', async () => {
    recorder.token = null;
    await call('/ok?status=200');
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it('must drop an expired session, toast and go to /login on 401', async () => {
    const error = await call('/x?status=401').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(recorder.token).toBeNull();
    expect(recorder.toasts).toEqual([ERROR_MESSAGES.sessionExpired]);
    expect(recorder.logins).toBe(1);
  });

  it('must stay quiet on a 401 when no session existed', async () => {
    recorder.token = null;
    await expect(call('/x?status=401')).rejects.toBeInstanceOf(ApiError);
    expect(recorder.toasts).toEqual([]);
    expect(recorder.logins).toBe(0);
  });

  it.each([
    [403, 'You do not have permission to perform this action.'],
    [429, 'Too many requests. Please try again later.'],
    [500, 'Server error. Please try again later.'],
    [503, 'Server error. Please try again later.'],
    [400, 'server says 400'],
    [409, 'server says 409'],
  ])('must tell the user about a %i', async (status, toast) => {
    await expect(call(`/x?status=${status}`)).rejects.toMatchObject({ status });
    expect(recorder.toasts).toEqual([toast]);
    expect(recorder.token).toBe('abc123');
    expect(recorder.logins).toBe(0);
  });

  it.each([
    [403, 'PRO_FEATURE_REQUIRED', 'Upgrade to Pro to use this feature'],
    [413, 'STORAGE_LIMIT_REACHED', 'server says 413'],
    [507, 'GUEST_STORAGE_FULL', 'server says 507'],
  ])("must tell the user about a %i with code %s in the app's or the server's words", async (status, code, toast) => {
    await expect(call(`/x?status=${status}&code=${code}`)).rejects.toMatchObject({ status });
    expect(recorder.toasts).toEqual([toast]);
  });

  it('must fall back to "An error occurred" without a server message', async () => {
    await expect(call('/nomessage?status=422')).rejects.toMatchObject({ status: 422 });
    expect(recorder.toasts).toEqual(['An error occurred']);
  });

  it('must leave statuses the caller handles to the caller', async () => {
    const client = createApiClient(recorder.env);
    await expect(client.request('/x?status=409', { handledStatuses: [409] })).rejects.toMatchObject({ status: 409 });
    expect(recorder.toasts).toEqual([]);
  });
});
