import {
  type BodyOf,
  type Endpoint,
  fillPath,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
} from '@itms/contracts/endpoint';
import type { ErrorCode, TError, USER_ALREADY_LOGIN } from '@itms/contracts/errors';
import type { z } from 'zod';
import { getToken } from './storage';

export const API_BASE = '/api';
export const ALREADY_LOGGED_IN_DETAIL: typeof USER_ALREADY_LOGIN = 'userIsAlreadyLogin';

export type ApiErrorCode = ErrorCode | 'NETWORK';

/** A failed API call, carrying the server's error shape `{statusCode, code, message, detail?, fields?}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly detail?: string;
  readonly fields?: TError['fields'];

  constructor(body: {
    statusCode: number;
    code: ApiErrorCode;
    message: string;
    detail?: string;
    fields?: TError['fields'];
  }) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.statusCode;
    this.code = body.code;
    this.detail = body.detail;
    this.fields = body.fields;
  }
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;
export const isUnauthorized = (err: unknown) => isApiError(err) && err.status === 401;

type Scalar = string | number | boolean | null | undefined;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData (uploads) or URLSearchParams is sent as is. */
  body?: unknown;
  query?: Record<string, Scalar | Scalar[]>;
  /** false for the public calls (login, forgot password): no token, no redirect on 401. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Field writes: a retry with the same key replays the first reply instead of writing again. */
  idempotencyKey?: string;
}

let unauthorizedHandler: (err: ApiError) => void = () => {};
/** What to do when a protected call gets 401 (token expired or revoked): set once by the app. */
export function setUnauthorizedHandler(handler: (err: ApiError) => void) {
  unauthorizedHandler = handler;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null && v !== '') params.append(key, String(v));
    }
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function toApiError(status: number, body: unknown): ApiError {
  const b = body as Partial<TError> | null;
  if (b && typeof b === 'object' && typeof b.message === 'string') {
    return new ApiError({
      statusCode: typeof b.statusCode === 'number' ? b.statusCode : status,
      code: (b.code as ApiErrorCode) ?? 'INTERNAL',
      message: b.message,
      detail: b.detail,
      fields: b.fields,
    });
  }
  return new ApiError({
    statusCode: status,
    code: status === 401 ? 'UNAUTHORIZED' : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
    message: status >= 500 ? 'Terjadi kesalahan pada server' : `Permintaan gagal (HTTP ${status})`,
  });
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, query, auth = true, signal, idempotencyKey } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const token = auth ? getToken() : null;
  if (token) headers.access_token = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError({ statusCode: 0, code: 'NETWORK', message: 'Tidak dapat terhubung ke server' });
  }
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    const error = toApiError(res.status, data);
    if (res.status === 401 && token) unauthorizedHandler(error);
    throw error;
  }
  return res;
}

/** Calls `/api<path>` with the stored `access_token` header; throws ApiError on failure. */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The input of an operation not known until run time (a shared list or form over any resource). */
type AnyInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/**
 * What an operation of the endpoint table takes: its path params, query and body, typed. A
 * component written for any operation (`Endpoint`) passes them loosely; the server checks them.
 */
export type CallInput<E extends Endpoint> = string extends E['operationId'] ? AnyInput : TypedInput<E>;
type TypedInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: ParamsOf<E> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: QueryOf<E> } : { query?: undefined }) &
  (E['body'] extends z.ZodType
    ? { body: BodyOf<E> }
    : E['multipart'] extends string
      ? { body: FormData }
      : { body?: undefined });

function requestOf<E extends Endpoint>(
  e: E,
  input: NoInfer<CallInput<E>>,
  options: Pick<RequestOptions, 'signal' | 'idempotencyKey'>,
) {
  const path = fillPath(e.path, input.params as Record<string, unknown> | undefined);
  const request: RequestOptions = {
    ...options,
    method: e.method,
    query: input.query as RequestOptions['query'],
    body: input.body,
    auth: e.access !== 'public',
  };
  return { path, request };
}

/**
 * Calls one operation of the endpoint table (contracts/src/api/): the path comes from the
 * declaration, the params, query, body and reply are typed by it. The one way features call the API.
 */
export function call<E extends Endpoint>(
  e: E,
  input: NoInfer<CallInput<E>>,
  options: Pick<RequestOptions, 'signal' | 'idempotencyKey'> = {},
): Promise<ReplyOf<E>> {
  const { path, request } = requestOf(e, input, options);
  return apiRequest<ReplyOf<E>>(path, request);
}

/**
 * Sends an operation's multipart body with upload progress (fetch cannot report it): an import
 * file of several MB on a slow line shows how far it got.
 */
export function callWithProgress<E extends Endpoint>(
  e: E,
  input: NoInfer<CallInput<E>>,
  onUploaded: (fraction: number) => void,
): Promise<ReplyOf<E>> {
  const { path, request } = requestOf(e, input, {});
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(e.method, buildUrl(path, request.query));
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('access_token', token);
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable) onUploaded(ev.loaded / ev.total);
    };
    xhr.upload.onload = () => onUploaded(1);
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as ReplyOf<E>);
      else {
        const error = toApiError(xhr.status, data);
        if (xhr.status === 401 && token) unauthorizedHandler(error);
        reject(error);
      }
    };
    xhr.onerror = () =>
      reject(new ApiError({ statusCode: 0, code: 'NETWORK', message: 'Tidak dapat terhubung ke server' }));
    xhr.send(request.body as FormData);
  });
}

/** Downloads the file an operation answers (an Excel export) under the given name. */
export function download<E extends Endpoint>(
  e: E,
  input: NoInfer<CallInput<E>>,
  filename: string,
): Promise<void> {
  const { path, request } = requestOf(e, input, {});
  return apiDownload(path, filename, request);
}

/**
 * The cache key of an operation's reply: resource (tag), operationId, then params and query (or
 * the body of a search sent by POST). Without input it is the prefix of all of the operation's
 * keys, so `invalidateQueries({ queryKey: endpointKey(e) })` refreshes every page and record of it.
 */
export function endpointKey<E extends Endpoint>(
  e: E,
  input?: NoInfer<Partial<CallInput<E>>>,
): readonly unknown[] {
  if (!input) return [e.tag, e.operationId];
  return [e.tag, e.operationId, input.params ?? null, input.query ?? input.body ?? null];
}

/** The prefix of every key read from an operation's resource (its tag): what a write there makes stale. */
export const resourceKey = (e: Endpoint): readonly unknown[] => [e.tag];

/** Downloads a file the server generates (Excel exports) under the given name. */
async function apiDownload(path: string, filename: string, options: RequestOptions = {}) {
  const res = await send(path, options);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
