import { ACCESS_ROLES, type Endpoint, type EndpointDef } from '@itms/contracts/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation's declaration in the endpoint table (contracts/src/api/). */
    endpoint?: Endpoint;
  }
}

const accessConfig = (e: Endpoint) =>
  e.access === 'public' ? { public: true } : { roles: ACCESS_ROLES[e.access] };

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request of an operation: params, query and body as its schemas parse them. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** What a handler returns: the reply before serialization (a timestamp may still be a Date). */
type HandlerResult<E extends EndpointDef> = E['reply'] extends z.ZodType
  ? z.output<E['reply']> | FastifyReply
  : FastifyReply | undefined;

export const isZodSchema = (s: unknown): s is z.ZodType => typeof s === 'object' && s !== null && '_zod' in s;

/**
 * Registers one operation of the endpoint table: method, path, input schemas, the success reply's
 * schema (the reply is serialized through it), who may call it and whether it is idempotent all
 * come from the declaration. `options` carries what only the server knows (a body limit, a
 * route-specific config).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (req: EndpointRequest<E>, reply: FastifyReply) => Promise<HandlerResult<E>>,
  options: { bodyLimit?: number; config?: Record<string, unknown> } = {},
): void {
  const response: Record<number, z.ZodType> = {};
  if (isZodSchema(e.reply)) response[e.status ?? 200] = e.reply;
  for (const [status, schema] of Object.entries(e.otherReplies ?? {})) {
    if (isZodSchema(schema)) response[Number(status)] = schema;
  }
  app.route({
    method: e.method,
    url: e.path,
    schema: {
      operationId: e.operationId,
      summary: e.summary,
      tags: [e.tag],
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(Object.keys(response).length ? { response } : {}),
    },
    config: {
      ...accessConfig(e),
      ...(e.idempotent ? { idempotent: true } : {}),
      endpoint: e,
      ...options.config,
    },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: (e.status && e.status !== 200
      ? (req: EndpointRequest<E>, reply: FastifyReply) => {
          reply.status(e.status!);
          return handler(req, reply);
        }
      : handler) as unknown as RouteHandlerMethod,
  });
}

/** Paths of `raw`'s fields that `sent` lacks (what a reply schema dropped). */
function droppedFields(raw: unknown, sent: unknown, path: string, out: string[]): void {
  if (out.length >= 5 || raw === null || typeof raw !== 'object') return;
  if (Array.isArray(raw)) {
    if (Array.isArray(sent)) {
      for (const [i, item] of raw.entries()) droppedFields(item, sent[i], `${path}[${i}]`, out);
    }
    return;
  }
  const kept = (sent ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (!(key in kept)) out.push(`${path}.${key}`);
    else droppedFields(value, kept[key], `${path}.${key}`, out);
  }
}

/**
 * Replies are serialized through their schema (fastify-type-provider-zod). Strict (tests, e2e):
 * a field the handler returned and the schema does not name fails the request instead of
 * vanishing, so a reply schema cannot silently starve a screen.
 */
export function replySerializerCompiler(strict: boolean): typeof serializerCompiler {
  if (!strict) return serializerCompiler;
  return (route) => {
    const serialize = serializerCompiler(route);
    return (data: unknown) => {
      const json = serialize(data);
      const dropped: string[] = [];
      droppedFields(JSON.parse(JSON.stringify(data)), JSON.parse(json), '', dropped);
      if (dropped.length > 0) {
        throw new Error(
          `${route.method} ${route.url}: reply fields missing from its schema: ${dropped.join(', ')}`,
        );
      }
      return json;
    };
  };
}
