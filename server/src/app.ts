import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME } from '@itms/contracts/constants';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config';
import { ambientAware } from './db/ambient';
import { type Database, type Db, requestClock } from './db/client';
import { foldPendingDeltas } from './db/read-models/read-models';
import { createDocumentEvents, type DocumentEvents } from './lib/document-events';
import { replySerializerCompiler } from './lib/endpoint';
import { openapiTransform } from './lib/openapi';
import { runPeriodically } from './lib/periodic';
import { requestLogFields } from './lib/request-log';
import { createStorage, type Storage, storageOrigins } from './lib/storage';
import { httpGateway, outboxGateway, type WhatsappGateway } from './lib/whatsapp';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthService, createAuthService } from './modules/auth/auth.service';
import { bannersRoutes } from './modules/banners/banners.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { defectCodesRoutes } from './modules/defect-codes/defect-codes.routes';
import { digestRoutes } from './modules/digest/digest.routes';
import { createDigestService, type DigestService } from './modules/digest/digest.service';
import { documentEffects } from './modules/field/document-effects';
import { fieldRoutes } from './modules/field/field.routes';
import { createFileUrls, loadFileUrlSecret } from './modules/files/file-urls';
import { fileUrlRoutes } from './modules/files/files.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { createInboxService, type InboxService } from './modules/inbox/inbox.service';
import { sweepStoringBreaches, sweepWaitingChecks } from './modules/inbox/inbox-producers';
import { mismatchCategoriesRoutes } from './modules/mismatch-categories/mismatch-categories.routes';
import { mismatchesRoutes } from './modules/mismatches/mismatches.routes';
import { newsRoutes } from './modules/news/news.routes';
import { portalRoutes } from './modules/portal/portal.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { pushRoutes } from './modules/push/push.routes';
import { createPushService, type PushService } from './modules/push/push.service';
import { sessionEndedNotice } from './modules/push/push-notices';
import { loadVapidKeys, vapidSubject } from './modules/push/vapid';
import { qcRoutes } from './modules/qc/qc.routes';
import { regionsRoutes } from './modules/regions/regions.routes';
import { syncReportTimezone } from './modules/reports/report-timezone';
import { reportsRoutes } from './modules/reports/reports.routes';
import { searchRoutes } from './modules/search/search.routes';
import { sopRoutes } from './modules/sop/sop.routes';
import { stockRoutes } from './modules/stock/stock.routes';
import { storingRoutes } from './modules/storing/storing.routes';
import { filesRoutes } from './modules/system/files.routes';
import { healthRoutes } from './modules/system/health.routes';
import { tireChecksRoutes } from './modules/tire-checks/tire-checks.routes';
import { emitTireAlerts } from './modules/tire-intelligence/alert-broadcast';
import { tireIntelligenceRoutes } from './modules/tire-intelligence/tire-intelligence.routes';
import { createWearRefresher, type WearRefresher } from './modules/tire-intelligence/wear-refresher';
import { tireReplacementsRoutes } from './modules/tire-replacements/tire-replacements.routes';
import { tireRequestsRoutes } from './modules/tire-requests/tire-requests.routes';
import { tiresRoutes } from './modules/tires/tires.routes';
import { unitsRoutes } from './modules/units/units.routes';
import { uploadRoutes } from './modules/upload/upload.routes';
import { usersRoutes } from './modules/users/users.routes';
import { workshopRoutes } from './modules/workshop/workshop.routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { inputGuardPlugin } from './plugins/input-guard';
import { attachRealtime, type Realtime } from './plugins/realtime';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    storage: Storage;
    whatsapp: WhatsappGateway;
    auth: AuthService;
    realtime: Realtime;
    tireWear: WearRefresher;
    documentEvents: DocumentEvents;
    push: PushService;
    digest: DigestService;
    inbox: InboxService;
  }
}

/** Players the SOP page embeds (web/src/features/sop/video-source.ts turns links into these). */
const VIDEO_PLAYERS = ['https://www.youtube.com', 'https://player.vimeo.com', 'https://drive.google.com'];

/**
 * The SPA's Content-Security-Policy: scripts only from our own origin (the built index.html has no
 * inline script), and WebAssembly compiled from them (the field app's barcode reader; no eval of
 * JavaScript); antd's CSS-in-JS needs inline styles; images from uploads (here, or presigned
 * from the S3 storage), data: and blob: (signature pad, previews); API and socket.io on our own
 * host only ('self', and the ws/wss origin of PUBLIC_URL for browsers whose 'self' does not cover
 * WebSockets: Safari before 16); SOP videos as files from elsewhere over https, or embedded from
 * the known players and EMBED_ORIGINS.
 */
function contentSecurityPolicy(config: Config): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins(config.storage)],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", new URL(config.publicUrl).origin.replace(/^http/, 'ws')],
    mediaSrc: ["'self'", 'blob:', 'https:', ...storageOrigins(config.storage)],
    frameSrc: ["'self'", ...VIDEO_PLAYERS, ...config.embedOrigins],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

/** TRUST_PROXY for Fastify: a hop count trusts the N nearest hops (as Fastify does at run time). */
function trustProxy(
  setting: Config['trustProxy'],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Hashed build files (web/dist/assets) never change under their name; index.html is revalidated. */
function staticCacheHeaders(reply: FastifyReply, file: string): void {
  reply.header(
    'cache-control',
    /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/**
 * Paths of the build's files: under an assets folder, or named like one (scripts, styles, the
 * manifest, icons, the service worker). A missing one answers 404: the SPA's page in its place
 * would be kept by a service worker under the file's name.
 */
const BUILD_FILE =
  /(?:^|\/)assets\/|\.(?:m?js|css|map|wasm|json|webmanifest|html|txt|png|jpe?g|webp|gif|svg|ico|woff2?|br|gz)$/i;

/** A page of the SPA: a navigation (HTML accepted) to a path that is not a build file. */
function isPageRequest(pathname: string, accept: string | undefined): boolean {
  return !BUILD_FILE.test(pathname) && (!accept || accept.includes('text/html') || accept.includes('*/*'));
}

function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null; // malformed escapes name no file
  }
}

/**
 * The SPA's index.html per path: for the first pages (route-preload.json, written by the web
 * build), with a modulepreload link to each chunk the page loads, so that the browser fetches them
 * with the entry instead of after it has run.
 */
function spaIndexPages(webDist: string): (url: string) => string {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const manifest = path.join(webDist, 'route-preload.json');
  const preload: Record<string, string[]> = fs.existsSync(manifest)
    ? JSON.parse(fs.readFileSync(manifest, 'utf8'))
    : {};
  const pages = new Map(
    Object.entries(preload).map(([route, files]) => [
      route,
      html.replace(
        '</head>',
        `${files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('')}</head>`,
      ),
    ]),
  );
  return (url) => pages.get(url.split('?')[0]!) ?? html;
}

export interface AppDeps {
  config: Config;
  database: Database;
  storage?: Storage;
  whatsapp?: WhatsappGateway;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

/** The one place that shows every plugin and module of the API. */
export async function buildApp({
  config,
  database,
  storage,
  whatsapp,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // tokens and passwords never reach the log
      redact: ['req.headers.access_token', 'req.headers.authorization', 'req.headers.cookie'],
      // nor do reset-link tokens in request URLs (the WhatsApp link's /reset-password?token=...)
      serializers: { req: requestLogFields },
      ...(logStream ? { stream: logStream } : {}),
    },
    // X-Forwarded-For only from the proxies TRUST_PROXY names: req.ip keys login failures and sessions
    trustProxy: trustProxy(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(config.strictReplies));

  app.decorate('config', config);
  // first of the hooks: the request's statements (its session lookup too) take PGlite's turns in
  // the order the requests arrived
  if (database.driver === 'pglite') {
    app.addHook('onRequest', (_req, _reply, done) => requestClock.run(performance.now(), done));
  }
  app.decorate('database', database);
  // the modules' database joins a request's ambient transaction (the Idempotency-Key store's)
  app.decorate('db', ambientAware(database.db));
  await syncReportTimezone(database.db, config.timezone);
  app.decorate('storage', storage ?? createStorage(config));
  app.decorate(
    'fileUrls',
    createFileUrls({
      secret: await loadFileUrlSecret(database.db),
      storage: app.storage,
      minutes: config.fileUrlMinutes,
    }),
  );
  app.decorate(
    'whatsapp',
    whatsapp ??
      (config.waGatewayUrl ? httpGateway(config.waGatewayUrl) : outboxGateway(config.dataDir, app.log)),
  );
  const auth = createAuthService(database.db, {
    sessionIdleMinutes: config.sessionIdleMinutes,
    sessionIdleMinutesField: config.sessionIdleMinutesField,
    loginRateLimit: config.loginRateLimit,
    sessionMaxHours: config.sessionMaxHours,
    // the ended sessions' sockets are told and disconnected, on every process; a phone whose
    // session was ended from elsewhere hears it by Web Push (issue 39), with the app closed too
    onSessionCleared: (userId, reason) => {
      app.realtime?.recheckUser(userId, reason);
      if (reason === 'revoked') app.push?.sessionsEnded(userId, sessionEndedNotice());
    },
  });
  app.decorate('auth', auth);
  runPeriodically(app, 15 * 60_000, 'login attempt pruning', () => auth.pruneAttempts());
  // idle sessions end on time, and so do their sockets, whether or not the token is used again
  if (config.sessionSweepMs > 0)
    runPeriodically(app, config.sessionSweepMs, 'idle session sweep', () => auth.expireIdleSessions());
  app.decorate('realtime', attachRealtime(app, auth, database.pool));
  app.addHook('onClose', async () => app.realtime.close());
  // wear statistics are refreshed after validations commit; then the office gets the alert counts
  app.decorate(
    'tireWear',
    createWearRefresher(database.db, { log: app.log, onRefreshed: () => emitTireAlerts(app) }),
  );
  app.addHook('onReady', async () => app.tireWear.kick()); // what a stopped process left queued
  // Web Push to the phones (issue 39): one VAPID key pair for every process, kept in the database
  app.decorate(
    'push',
    createPushService(database.db, {
      vapid: await loadVapidKeys(database.db),
      subject: vapidSubject(config.publicUrl),
      services: config.pushServices,
      retryDelaysMs: config.pushRetryDelaysMs,
      log: app.log,
      sweepEveryMs: config.pushSweepEveryMs,
    }),
  );
  app.addHook('onClose', async () => app.push.close());
  // the daily WhatsApp digest (issue 39): every process ticks, the first to claim the day sends it
  app.decorate(
    'digest',
    createDigestService(database.db, {
      gateway: app.whatsapp,
      timezone: config.timezone,
      pullPointMm: config.tirePullPointMm,
      time: config.digest.time,
      roles: config.digest.roles,
      retryDelaysMs: config.digest.retryDelaysMs,
      log: app.log,
    }),
  );
  if (config.digest.enabled) runPeriodically(app, 60_000, 'daily digest', () => app.digest.runDue());
  app.addHook('onClose', async () => app.digest.close());
  // the office inbox (issue 39): items written after the commit that caused them, retried, told live
  app.decorate(
    'inbox',
    createInboxService(app.db, {
      notify: (userId, item) => app.realtime.toUser(userId, 'inbox-item', item),
      retryDelaysMs: [1_000, 5_000, 30_000],
      log: app.log,
    }),
  );
  app.addHook('onClose', async () => app.inbox.close());
  runPeriodically(app, 5 * 60_000, 'inbox: checks waiting over 24 h', () => sweepWaitingChecks(app));
  // a breakdown call is urgent: its missed targets are looked for every minute
  runPeriodically(app, 60_000, 'inbox: breakdown calls past a target', () => sweepStoringBreaches(app));
  // what a field document's committed steps cause: the transition table's effects, after the commit
  app.decorate('documentEvents', createDocumentEvents(documentEffects(app), app.log));
  app.addHook('onClose', async () => app.tireWear.close());
  // the read models' deltas are added up in the background: readers add pending ones, never write
  if (config.readModelFoldMs > 0)
    runPeriodically(app, config.readModelFoldMs, 'read-model fold', () => foldPendingDeltas(database.db));

  await app.register(errorsPlugin);
  // text and JSON replies compressed (@fastify/compress skips images and spreadsheets: not compressible)
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  // security headers, helmet's middleware built once (@fastify/helmet rebuilt it, parsing the CSP
  // again, for every request: 1.5 % of the server's time on a list page)
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
  });
  app.addHook('onRequest', (req, reply, done) => {
    // API replies are per user and per moment: no browser or proxy keeps them, unless the route
    // sets its own caching (the field bootstrap revalidates with its ETag)
    if (isApiUrl(req.url)) reply.header('cache-control', 'no-store');
    securityHeaders(req.raw, reply.raw, () => done());
  });
  // closed unless origins are configured: no Access-Control-Allow-Origin for anyone else
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: false,
    allowedHeaders: ['content-type', 'access_token', 'authorization'],
  });
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  await app.register(inputGuardPlugin);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ITMS API',
        description: `${PRODUCT_NAME} back-office API`,
        version: '1.0.0',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: { access_token: { type: 'apiKey', in: 'header', name: 'access_token' } },
      },
      security: [{ access_token: [] }],
    },
    transform: openapiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(uploadRoutes);
      await api.register(fileUrlRoutes);
      await api.register(tireChecksRoutes);
      await api.register(tireReplacementsRoutes);
      await api.register(mismatchesRoutes);
      await api.register(usersRoutes);
      await api.register(profileRoutes);
      await api.register(pushRoutes);
      await api.register(digestRoutes);
      await api.register(inboxRoutes);
      await api.register(unitsRoutes);
      await api.register(projectsRoutes);
      await api.register(customersRoutes);
      await api.register(bannersRoutes);
      await api.register(newsRoutes);
      await api.register(regionsRoutes);
      await api.register(defectCodesRoutes);
      await api.register(mismatchCategoriesRoutes);
      await api.register(storingRoutes);
      await api.register(sopRoutes);
      await api.register(importsRoutes);
      await api.register(reportsRoutes);
      await api.register(tiresRoutes);
      await api.register(tireRequestsRoutes);
      await api.register(stockRoutes);
      await api.register(qcRoutes);
      await api.register(auditRoutes);
      await api.register(tireIntelligenceRoutes);
      await api.register(fieldRoutes);
      await api.register(workshopRoutes);
      await api.register(portalRoutes);
      await api.register(searchRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(filesRoutes);

  // the built SPA: the files on disk at each request (an update writes the next build beside the
  // running one), and index.html for the pages a browser navigates to (client routing)
  if (fs.existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      serve: false, // the route below decides what is a file and what is a page
      index: false,
      // the build's .br/.gz beside each asset (web/vite-plugins.ts), chosen by Accept-Encoding
      preCompressed: true,
      cacheControl: false,
      setHeaders: staticCacheHeaders,
      dotfiles: 'ignore', // the build's record of its files (web/scripts/build.mjs)
    });
    const officePage = spaIndexPages(config.webDist);
    // ITMS Lapangan (web/dist/lapangan): its own shell for every page under /lapangan/
    const fieldIndex = path.join(config.webDist, 'lapangan', 'index.html');
    const fieldHtml = fs.existsSync(fieldIndex) ? fs.readFileSync(fieldIndex, 'utf8') : null;
    if (fieldHtml) {
      app.get('/lapangan', { config: { public: true } }, (_req, reply) => reply.redirect('/lapangan/'));
    }
    app.get('/*', { config: { public: true } }, (req, reply) => {
      const pathname = req.url.split('?')[0]!;
      if (isApiUrl(pathname)) {
        return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Alamat tidak ada' });
      }
      if (isPageRequest(pathname, req.headers.accept)) {
        // the shells of this process's own build: the assets they name stay on disk (retention)
        const html = fieldHtml && pathname.startsWith('/lapangan/') ? fieldHtml : officePage(pathname);
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
      }
      // a file of the build; when missing, the 404 must not be kept: it may be written a moment later
      reply.header('cache-control', 'no-store');
      const file = decodedPath(pathname);
      return file === null ? reply.callNotFound() : reply.sendFile(file);
    });
  }
  return app;
}
