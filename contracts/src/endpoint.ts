// One contract per endpoint (issue 26): every API operation is declared once, here in contracts/,
// with its method, path, inputs, reply and the error codes it may answer. The server registers
// its routes from these declarations (server/src/lib/endpoint.ts), the OpenAPI document is built
// from them, and the web and the field app call the API through them (web/src/lib/api-client.ts).
import type { z } from 'zod';
import type { Role } from './enums';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an operation: `public` (no session), `account` (every signed-in role: one's own
 * session, profile and uploads), `any` (the office and the field: admin, staff, tire men),
 * `office` (admin and staff), `workshop` (the office and the workshop role), `portal` (the office
 * and the customer role), `field` (admin and tire men), `admin`. The server enforces it; admin
 * passes all. The workshop and customer roles reach only `account` and their own level, so a new
 * operation is closed to them unless it says so.
 */
export type Access = 'public' | 'account' | 'any' | 'office' | 'workshop' | 'portal' | 'field' | 'admin';

/**
 * The roles each access level admits; admin passes every level. The server enforces them
 * (server/src/lib/endpoint.ts); the web asks them before showing a control (web/src/lib/access.ts).
 */
export const ACCESS_ROLES: Readonly<Record<Exclude<Access, 'public'>, readonly Role[]>> = {
  account: ['admin', 'staff', 'tire-man', 'workshop', 'customer'],
  any: ['admin', 'staff', 'tire-man'],
  office: ['admin', 'staff'],
  workshop: ['admin', 'staff', 'workshop'],
  portal: ['admin', 'staff', 'customer'],
  field: ['admin', 'tire-man'],
  admin: ['admin'],
};

/**
 * The rows a scoped role reaches through an operation on `:id` (server/src/lib/scope.ts), declared
 * beside `access`: the workshop, a check or a replacement once validated; a customer, a unit of
 * its own projects.
 */
export type Scope = 'approved-check' | 'approved-replacement' | 'customer-unit';

/** The API's resources: each operation's OpenAPI tag, and the prefix of the web's cache keys. */
export const TAGS = [
  'audit',
  'auth',
  'banners',
  'customers',
  'defect-codes',
  'digest',
  'field',
  'files',
  'imports',
  'inbox',
  'mismatch-categories',
  'mismatches',
  'news',
  'portal',
  'profile',
  'projects',
  'push',
  'qc',
  'regions',
  'reports',
  'search',
  'sop',
  'stock',
  'storing',
  'system',
  'tire-checks',
  'tire-intelligence',
  'tire-replacements',
  'tire-requests',
  'tires',
  'units',
  'upload',
  'users',
  'workshop',
] as const;
export type Tag = (typeof TAGS)[number];

/** A download's media types (the reply is the file itself, not JSON). */
export const FILE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  video: 'video/webm',
  image: 'image/*',
  pdf: 'application/pdf',
  text: 'text/plain',
} as const;
export type FileType = keyof typeof FILE_TYPES;

export interface EndpointDef {
  readonly method: HttpMethod;
  /** Path under `/api`, Fastify style: `/tire-check/:id`. The spec's spelling is kept. */
  readonly path: string;
  /** One English sentence for the OpenAPI document. */
  readonly summary: string;
  /** OpenAPI tag: the resource the operation belongs to. */
  readonly tag: Tag;
  /**
   * What a write makes stale (issue 36, item 3): the other resources whose reads change when it
   * succeeds; its own resource is implied. `'nothing'` marks an operation that changes nothing a
   * client caches (sign-in, a search or report sent by POST, an upload). The web refreshes from
   * this declaration after every write (web/src/lib/write.ts); every non-GET operation declares it.
   */
  readonly invalidates?: readonly Tag[] | 'nothing';
  readonly access: Access;
  /** Required when a scoped role's access reaches an operation on one row (`:id`). */
  readonly scope?: Scope;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** JSON (or form-encoded) body. Multipart uploads declare `multipart` instead. */
  readonly body?: z.ZodType;
  /** The body is multipart/form-data with one file, in the field of this name (`file`, `image`...). */
  readonly multipart?: string;
  /**
   * The success reply: a zod schema (the server serializes through it: what it does not name is
   * not sent) or a download of the given file type.
   */
  readonly reply: z.ZodType | { readonly file: FileType };
  /** Success status; 200 unless the operation creates (201). */
  readonly status?: 200 | 201 | 202 | 204;
  /** Other non-error replies: 304 Not Modified, 206 Partial Content. */
  readonly otherReplies?: Readonly<Record<number, z.ZodType | { readonly file: FileType }>>;
  /**
   * Error codes the operation answers beyond the automatic ones (401/403 from its access, 400
   * VALIDATION when it takes input, the Idempotency-Key codes when it is idempotent, 500).
   */
  readonly errors?: readonly string[];
  /** Writes from the field: an `Idempotency-Key` header makes a retry replay the first reply. */
  readonly idempotent?: boolean;
}

export type Endpoint<Id extends string = string> = EndpointDef & { readonly operationId: Id };

/** A resource's operations; each key is the operation's operationId. */
export function defineEndpoints<const T extends Record<string, EndpointDef>>(
  table: T,
): { readonly [K in keyof T]: T[K] & { readonly operationId: K & string } } {
  return Object.fromEntries(
    Object.entries(table).map(([operationId, def]) => [operationId, { ...def, operationId }]),
  ) as never;
}

/** HTTP status of every error code a resource may answer, declared beside its operations. */
export function defineErrors<
  const T extends Record<string, 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502>,
>(codes: T): T {
  return codes;
}

/** The codes every operation may meet, with their status. */
export const GENERIC_ERRORS = defineErrors({
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_LOGGED_IN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  /** The same Idempotency-Key came with another request body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The first request with this Idempotency-Key is still being processed. */
  IDEMPOTENCY_IN_FLIGHT: 409,
  RATE_LIMITED: 429,
});

/** The reply as it arrives (JSON): the schema's input side (a timestamp is an ISO string). */
export type ReplyOf<E extends EndpointDef> = E['reply'] extends z.ZodType
  ? z.input<E['reply']>
  : E['reply'] extends { readonly file: FileType }
    ? Blob
    : unknown;
export type ParamsOf<E extends EndpointDef> = E['params'] extends z.ZodType
  ? z.input<E['params']>
  : undefined;
export type QueryOf<E extends EndpointDef> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** `/tire-check/:id` with `{ id: 5 }` -> `/tire-check/5` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '')
      throw new Error(`path parameter ${name} missing for ${path}`);
    return encodeURIComponent(String(v));
  });
}
