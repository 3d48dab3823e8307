import { API, ERROR_MESSAGES, type TErrorBody } from '@giot-hong/contract';
import { authStore } from './auth-store';
import { dropFirstResponses, takeFirstResponse } from './first-requests';
import { reportNetworkFailure, reportNetworkSuccess } from './network-status';
import { withQuery } from './paths';

/** The one HTTP client of the web app. No component calls fetch. */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly body: Partial<TErrorBody> | undefined,
  ) {
    super(message);
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Send the bearer access token (default: when one is stored). */
  auth?: boolean;
  /** Send this access token instead of the stored one (login, before the tokens are stored). */
  token?: string;
  signal?: AbortSignal;
};

/** Called when the session cannot be recovered (second 401, failed refresh). */
let onSessionExpired: () => void = () => authStore.logout();
export function setSessionExpiredHandler(fn: () => void) {
  onSessionExpired = fn;
}

/** One refresh at a time: every request that got a 401 meanwhile waits for the same one. */
let refreshing: Promise<boolean> | null = null;

async function refreshAccessToken(): Promise<boolean> {
  const seen = authStore.getRefreshToken();
  if (!seen) return false;
  const run = async (): Promise<boolean> => {
    // Another tab may have refreshed while this one waited for the lock: refresh tokens rotate,
    // and presenting the spent one would end the login, so use what that tab stored.
    const refreshToken = authStore.getRefreshToken();
    if (!refreshToken) return false;
    if (refreshToken !== seen) return true;
    try {
      const res = await fetch(API.authRefreshToken, { headers: { Authorization: `Bearer ${refreshToken}` } });
      if (!res.ok) return false;
      const body = (await res.json()) as { access_token?: string; refresh_token?: string };
      if (!body.access_token) return false;
      authStore.updateTokens({ accessToken: body.access_token, refreshToken: body.refresh_token });
      return true;
    } catch {
      return false;
    }
  };
  // One refresh across all tabs of the browser too (tabs share local storage).
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('giot-hong-token-refresh', run) : run();
}

/**
 * A 401 for a request sent with an access token that has since been replaced (another request
 * already refreshed) only needs a retry; otherwise the one shared refresh.
 */
function recoverFrom401(sentWith: string | null): Promise<boolean> {
  const current = authStore.getAccessToken();
  if (current && current !== sentWith) return Promise.resolve(true);
  return sharedRefresh();
}

function sharedRefresh(): Promise<boolean> {
  refreshing ??= refreshAccessToken().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const buildUrl = (path: string, query?: RequestOptions['query']) => (query ? withQuery(path, query) : path);

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = opts.token ?? authStore.getAccessToken();
  const sendsToken = Boolean(token) && opts.auth !== false;
  if (sendsToken) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const url = buildUrl(path, opts.query);
  const method = opts.method ?? 'GET';
  const request = () => fetch(url, { method, headers, body, signal: opts.signal });
  if (method !== 'GET') {
    dropFirstResponses();
    return request();
  }
  // The page's first data may already be on its way, asked for by the entry (lib/first-requests.ts).
  const first = takeFirstResponse(url, sendsToken ? token : null);
  return first ? first.catch(request) : request();
}

async function parse<T>(res: Response): Promise<T> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const b = (json ?? {}) as Partial<TErrorBody>;
    throw new ApiError(b.message ?? ERROR_MESSAGES.INTERNAL, res.status, b.code ?? 'INTERNAL', b);
  }
  return json as T;
}

/**
 * Sends a request and returns the parsed JSON body (the envelope). A 401 is retried once after
 * one shared silent refresh; a second 401 ends the session.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return parse<T>(await sendWithRefresh(path, opts));
}

/** The 401 handling shared by JSON requests and blob downloads. */
async function sendWithRefresh(path: string, opts: RequestOptions): Promise<Response> {
  let res: Response;
  const sentWith = authStore.getAccessToken();
  try {
    res = await send(path, opts);
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    reportNetworkFailure();
    throw new ApiError(ERROR_MESSAGES.UNAVAILABLE, 0, 'NETWORK', undefined);
  }
  // An answer kept by the service worker (offline) does not prove the server is reachable.
  if (typeof navigator === 'undefined' || navigator.onLine) reportNetworkSuccess();
  if (res.status === 401 && opts.auth !== false && authStore.getRefreshToken()) {
    const refreshed = await recoverFrom401(sentWith);
    if (refreshed) {
      res = await send(path, opts);
      if (res.status === 401) onSessionExpired();
    } else {
      onSessionExpired();
    }
  }
  return res;
}

/**
 * Downloads a protected binary (e.g. the avatar): an <img> cannot send the bearer token, so the
 * bytes come through here and the caller shows them with an object URL.
 */
/** A binary resource; null when the server answers 204 No Content (nothing there yet). */
async function getBlob(
  path: string,
  opts: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<Blob | null> {
  const res = await sendWithRefresh(path, { ...opts, method: 'GET' });
  if (!res.ok) return parse<never>(res);
  if (res.status === 204) return null;
  return res.blob();
}

/** The name a download carries in its Content-Disposition (filename* first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      /* a malformed encoding: fall back on the plain name */
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

/** A file the server names (an export): its bytes and the name to save it under. */
async function getFile(
  path: string,
  opts: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await sendWithRefresh(path, { ...opts, method: 'GET' });
  if (!res.ok) return parse<never>(res);
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
}

export type UploadOptions = {
  /** Fraction 0..1 of the request body sent so far. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** One multipart POST through XMLHttpRequest: fetch cannot report upload progress. */
function xhrPost(path: string, form: FormData, opts: UploadOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = authStore.getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    // 204/205 may not carry a body in a Response.
    xhr.onload = () =>
      resolve(
        new Response([204, 205].includes(xhr.status) ? null : xhr.responseText, { status: xhr.status }),
      );
    xhr.onerror = () => reject(new ApiError(ERROR_MESSAGES.UNAVAILABLE, 0, 'NETWORK', undefined));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Multipart upload with progress, with the same single silent refresh on 401 as every request. */
async function upload<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  dropFirstResponses();
  const sentWith = authStore.getAccessToken();
  let res = await xhrPost(path, form, opts);
  if (res.status === 401 && authStore.getRefreshToken()) {
    if (await recoverFrom401(sentWith)) {
      opts.onProgress?.(0);
      res = await xhrPost(path, form, opts);
      if (res.status === 401) onSessionExpired();
    } else {
      onSessionExpired();
    }
  }
  return parse<T>(res);
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE' }),
  getBlob,
  getFile,
  upload,
};
