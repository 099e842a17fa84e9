// The one HTTP client: adds the bearer token, parses JSON, reports upload progress, and sends every
// failure through mapApiError before passing it on to the caller.
import { ApiError, codeOf, mapApiError, messageOf } from './errors';

export interface UploadProgress {
  loaded: number;
  total: number;
  percentage: number;
}

export interface ApiEnvironment {
  baseUrl: string;
  getToken(): string | null;
  clearToken(): void;
  notifyError(message: string): void;
  goToLogin(): void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Statuses the caller explains itself (e.g. 409 on a stale save); they are not toasted. */
  handledStatuses?: readonly number[];
  /** Background requests (thumbnails) whose failure the user need not hear about. */
  silent?: boolean;
  /** Lets the request finish after the page is left (logout followed by a reload). */
  keepalive?: boolean;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  requestBlob(path: string, options?: RequestOptions): Promise<Blob>;
  upload<T>(
    path: string,
    form: FormData,
    onProgress?: (progress: UploadProgress) => void,
    method?: 'POST' | 'PUT',
    handledStatuses?: readonly number[],
  ): Promise<T>;
  url(path: string): string;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(env: ApiEnvironment): ApiClient {
  function fail(status: number, body: unknown, hadToken: boolean, options: RequestOptions = {}): ApiError {
    const serverMessage = messageOf(body);
    const outcome = mapApiError(status, serverMessage, hadToken, codeOf(body));
    if (outcome.clearToken) env.clearToken();
    const notify = !options.silent && !(options.handledStatuses ?? []).includes(status);
    if (notify) {
      if (outcome.toast) env.notifyError(outcome.toast);
      if (outcome.redirectToLogin) env.goToLogin();
    }
    return new ApiError(status, serverMessage ?? outcome.toast ?? `HTTP ${status}`, body, notify && Boolean(outcome.toast));
  }

  function headers(token: string | null, json: boolean): Headers {
    const result = new Headers();
    if (json) result.set('Content-Type', 'application/json');
    if (token) result.set('Authorization', `Bearer ${token}`);
    return result;
  }

  async function send(path: string, options: RequestOptions): Promise<{ response: Response; hadToken: boolean }> {
    const token = env.getToken();
    const hasBody = options.body !== undefined;
    let response: Response;
    try {
      response = await fetch(env.baseUrl + path, {
        method: options.method ?? 'GET',
        credentials: 'include',
        headers: headers(token, true),
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
        keepalive: options.keepalive,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      if (!options.silent) env.notifyError(ERROR_NETWORK);
      throw new ApiError(0, ERROR_NETWORK, null, !options.silent);
    }
    return { response, hadToken: token !== null };
  }

  return {
    url: (path) => env.baseUrl + path,

    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      const { response, hadToken } = await send(path, options);
      const body = await readBody(response);
      if (!response.ok) throw fail(response.status, body, hadToken, options);
      return body as T;
    },

    async requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
      const { response, hadToken } = await send(path, options);
      if (!response.ok) throw fail(response.status, await readBody(response), hadToken, options);
      return response.blob();
    },

    upload<T>(
      path: string,
      form: FormData,
      onProgress?: (progress: UploadProgress) => void,
      method: 'POST' | 'PUT' = 'POST',
      handledStatuses: readonly number[] = [],
    ): Promise<T> {
      // XHR rather than fetch: fetch cannot report upload progress.
      return new Promise<T>((resolve, reject) => {
        const token = env.getToken();
        const xhr = new XMLHttpRequest();
        xhr.open(method, env.baseUrl + path);
        xhr.withCredentials = true;
        if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        xhr.upload.onprogress = (event) => {
          if (!event.lengthComputable || !onProgress) return;
          onProgress({
            loaded: event.loaded,
            total: event.total,
            percentage: Math.round((event.loaded / event.total) * 100),
          });
        };
        xhr.onload = () => {
          let body: unknown;
          try {
            body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
          } catch {
            body = xhr.responseText;
          }
          if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
          else reject(fail(xhr.status, body, token !== null, { handledStatuses }));
        };
        xhr.onerror = () => {
          env.notifyError(ERROR_NETWORK);
          reject(new ApiError(0, ERROR_NETWORK, null, true));
        };
        xhr.send(form);
      });
    },
  };
}

const ERROR_NETWORK = 'Network error. Please check your connection.';
