import { ERROR_STATUS } from '@itms/contracts/api';
import { type Endpoint, FILE_TYPES, type FileType } from '@itms/contracts/endpoint';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isZodSchema } from './endpoint';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route?: { config?: unknown } };

/**
 * The error codes an operation may answer, by HTTP status: those it declares plus the automatic
 * ones (401/403 from its access, 400 when it takes input, the Idempotency-Key codes).
 */
export function errorCodesOf(e: Endpoint): Map<number, string[]> {
  const codes = new Set<string>(e.errors ?? []);
  if (e.access !== 'public') codes.add('UNAUTHORIZED');
  if (e.access !== 'public' && e.access !== 'any') codes.add('FORBIDDEN');
  if (e.params || e.query || e.body || e.multipart) codes.add('VALIDATION');
  if (e.idempotent) {
    codes.add('IDEMPOTENCY_KEY_REUSED');
    codes.add('IDEMPOTENCY_IN_FLIGHT');
  }
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = (ERROR_STATUS as Record<string, number>)[code];
    if (!status) throw new Error(`${e.operationId}: error code ${code} is not declared in contracts/src/api`);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

const errorReply = (codes: string[]) => ({
  description: codes.join(', '),
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['statusCode', 'code', 'message'],
        properties: {
          statusCode: { type: 'integer' },
          code: { type: 'string', enum: codes },
          message: { type: 'string', description: 'Indonesian text for people' },
          detail: { type: 'string' },
          fields: {
            type: 'array',
            items: {
              type: 'object',
              required: ['field', 'message'],
              properties: { field: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  },
});

const fileReply = (file: FileType) => ({
  description: 'The file',
  content: { [FILE_TYPES[file]]: { schema: { type: 'string', format: 'binary' } } },
});

const isString = (s: unknown, format?: string) =>
  typeof s === 'object' &&
  s !== null &&
  (s as { type?: unknown }).type === 'string' &&
  (s as { format?: unknown }).format === format &&
  Object.keys(s).length === (format ? 2 : 1);

/**
 * zTimestamp's server side (a Date or a string) renders as anyOf [date-time, string]; on the wire
 * it is one ISO string: the document says so (also keeps `nullable` beside a `type`).
 */
function collapseTimestamps(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(collapseTimestamps);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = collapseTimestamps(v);
  const anyOf = out.anyOf as unknown[] | undefined;
  if (anyOf?.length === 2 && isString(anyOf[0], 'date-time') && isString(anyOf[1])) {
    delete out.anyOf;
    Object.assign(out, { type: 'string', format: 'date-time' });
  }
  return out;
}

/**
 * @fastify/swagger transform: the zod schemas become JSON Schema (fastify-type-provider-zod), then
 * each operation of the endpoint table gets its downloads, multipart body and documented errors.
 * The document is the API's: the routes outside /api (the web app's pages and files, ITMS
 * Lapangan's fallback, uploaded files) are left out, whoever registers them.
 */
export function openapiTransform(input: TransformInput) {
  if (!input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url: input.url };
  const out = jsonSchemaTransform(input);
  const e = (input.route?.config as { endpoint?: Endpoint } | undefined)?.endpoint;
  const schema = out.schema as Record<string, unknown> | undefined;
  if (!e || !schema || schema.hide) return out;
  const response = { ...(collapseTimestamps(schema.response ?? {}) as Record<string, unknown>) };
  if (!isZodSchema(e.reply)) response[String(e.status ?? 200)] = fileReply(e.reply.file);
  for (const [status, reply] of Object.entries(e.otherReplies ?? {})) {
    if (!isZodSchema(reply)) response[status] = fileReply(reply.file);
  }
  for (const [status, codes] of errorCodesOf(e)) response[String(status)] = errorReply(codes);
  response['500'] = errorReply(['INTERNAL']);
  const body = e.multipart
    ? {
        body: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: [e.multipart],
                properties: { [e.multipart]: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
      }
    : {};
  return { ...out, schema: { ...schema, ...body, response } };
}
