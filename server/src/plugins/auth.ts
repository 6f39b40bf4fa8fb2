import type { Role } from '@itms/contracts/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import { roleAllows } from '../lib/roles';
import { assertInScope } from '../lib/scope';
import type { AuthContext } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed to call the route; every /api route declares this or `public`. */
    roles?: readonly Role[];
    public?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every /api route with who may call it: the authorization matrix test walks this. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  roles: readonly Role[] | null;
  public: boolean;
}

/** The token of a request: header `access_token`, or `Authorization: Bearer`. */
export function tokenOf(req: { headers: Record<string, string | string[] | undefined> }): string | null {
  const header = req.headers.access_token;
  if (typeof header === 'string' && header) return header;
  const authz = req.headers.authorization;
  if (typeof authz === 'string' && authz.startsWith('Bearer ')) return authz.slice(7).trim() || null;
  return null;
}

/** The signed-in user of a protected route (the hook has already refused anonymous calls). */
export function currentUser(req: FastifyRequest): AuthContext['user'] {
  if (!req.auth) throw unauthorized();
  return req.auth.user;
}

/** The id of the session the request came with. */
export function currentSessionId(req: FastifyRequest): string {
  if (!req.auth) throw unauthorized();
  return req.auth.sessionId;
}

/**
 * Every /api route must say who may call it; a route that says nothing fails at start-up, so
 * no route can slip out of the authorization matrix.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorate('apiRoutes', [] as ApiRoute[]);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // the API documentation is public by design
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config as object), public: true };
      return;
    }
    const cfg = route.config as { roles?: readonly Role[]; public?: boolean } | undefined;
    if (!cfg?.public && !cfg?.roles?.length) {
      throw new Error(`Route ${route.method} ${route.url} declares neither config.roles nor config.public`);
    }
    // a scoped role reaching one row of an operation needs the rows declared (lib/scope.ts)
    const endpoint = (route.config as { endpoint?: { access: string; scope?: string } }).endpoint;
    const scoped = endpoint?.access === 'workshop' || endpoint?.access === 'portal';
    if (scoped && route.url.includes('/:') && !endpoint?.scope) {
      throw new Error(`Route ${route.method} ${route.url} lets a scoped role in without a scope`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({ method, url: route.url, roles: cfg.roles ?? null, public: Boolean(cfg.public) });
    }
  });

  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config;
    if (!req.routeOptions.url?.startsWith('/api') || cfg.public) return;
    const token = tokenOf(req);
    const ctx = token ? await app.auth.authenticate(token) : null;
    if (!ctx) throw unauthorized(token ? 'Sesi berakhir, silakan login kembali' : undefined);
    if (cfg.roles && !roleAllows(cfg.roles, ctx.user.role)) throw forbidden();
    req.auth = ctx;
  });

  // after the params are parsed: a scoped role reaches only the rows its operation declares
  app.addHook('preHandler', async (req) => {
    const scope = req.routeOptions.config.endpoint?.scope;
    if (!scope || !req.auth) return;
    await assertInScope(app.db, req.auth, scope, Number((req.params as { id?: unknown }).id));
  });
});
