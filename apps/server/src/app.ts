import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { filesApi } from '@referwell/contracts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandling } from './platform/errors.js';
import { createAudit } from './platform/audit/audit.js';
import { createCsrf } from './platform/auth/csrf.js';
import { loadSecrets, type Secrets } from './platform/auth/secrets.js';
import {
  createApiKeyResolver,
  createSessionStore,
  SESSIONS_ENDED,
  type AppContext,
  type SessionsEnded,
} from './core/index.js';
import { createDelivery } from './platform/delivery/delivery.js';
import { createTextLimits } from './platform/delivery/text-limits.js';
import { createEventBus, type EventBus } from './platform/events/bus.js';
import { createChatPresence } from './platform/realtime/presence.js';
import { rateLimitSettings } from './platform/realtime/rate-limit-store.js';
import { createJobs } from './platform/jobs/queue.js';
import { createStorage, directUploadOrigin } from './platform/storage/index.js';
import { createScanner } from './platform/scanner/scanner.js';
import { systemClock, type Clock } from './platform/clock.js';
import { authModule } from './modules/auth/index.js';
import { usersModule } from './modules/users/index.js';
import { signupModule } from './modules/signup/index.js';
import { systemModule } from './modules/system/index.js';
import { practicesModule } from './modules/practices/index.js';
import { contactsModule } from './modules/contacts/index.js';
import { unreadModule } from './modules/unread/index.js';
import { organisationsModule } from './modules/organisations/index.js';
import { networksModule } from './modules/networks/index.js';
import { departmentsModule } from './modules/departments/index.js';
import { rolesModule } from './modules/roles/index.js';
import { directoryModule } from './modules/directory/index.js';
import { invitesModule } from './modules/invites/index.js';
import { joinRequestsModule } from './modules/join-requests/index.js';
import { apiKeysModule } from './modules/api-keys/index.js';
import { cataloguesModule } from './modules/catalogues/index.js';
import { placesModule } from './modules/places/index.js';
import { searchModule } from './modules/search/index.js';
import { filesModule } from './modules/files/index.js';
import { linkPreviewsModule } from './modules/link-previews/index.js';
import { eventsModule } from './modules/events/index.js';
import { referralsModule } from './modules/referrals/index.js';
import { referralCommentsModule } from './modules/referral-comments/index.js';
import { patientsModule } from './modules/patients/index.js';
import { chatsModule } from './modules/chats/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { intakeModule } from './modules/intake/index.js';
import { auditModule } from './modules/audit/index.js';
import { worklistModule } from './modules/worklist/index.js';
import { appointmentsModule } from './modules/appointments/index.js';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass secrets to skip key generation; otherwise they come from config and DATA_DIR. */
  secrets?: Secrets;
  /** Tests pass a clock they move by hand. */
  clock?: Clock;
  /** Tests pass a bus they listen on; otherwise it comes from config (Redis with REDIS_URL). */
  bus?: EventBus;
}

/** Builds the whole server; main.ts listens on it, tests call it with app.inject. */
export async function buildApp({
  config,
  database,
  logger = false,
  secrets,
  clock = systemClock,
  bus: givenBus,
}: AppDeps) {
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Spec 1 writes some calls with a trailing slash (PUT /note/{id}/) and others without; clients
    // use both, so both forms reach the same route.
    routerOptions: { ignoreTrailingSlash: true },
    // Route schemas come from contracts; Fastify's own ajv only sees the swagger-ui assets.
    ajv: { customOptions: { coerceTypes: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // API answers carry people's and patients' data (the chat room's too): no browser, shared
  // computer or proxy may keep a copy (ASVS 8.2.1). Only JSON: the web app's files and file
  // downloads say how they may be cached themselves.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) reply.header('cache-control', 'no-store');
    return payload;
  });

  const secure = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    hsts: secure,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Link previews and content cards show images and media from the linked sites.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // The upload panel PUTs straight to the bucket when files live in S3.
        connectSrc: ["'self'", ...[directUploadOrigin(config)].filter((o) => o !== undefined)],
        // The gallery plays YouTube and Vimeo links in those sites' own players, and frames nothing else.
        frameSrc: Object.values(filesApi.VIDEO_PLAYER_ORIGINS),
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
  });
  await app.register(cookie);
  const rateLimits = rateLimitSettings(config, app.log);
  app.addHook('onClose', () => rateLimits.close());
  await app.register(rateLimit, rateLimits.options);
  // Socket messages are small JSON; anything bigger is a mistake or an attack.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Referwell API', version: '1.0.0', description: 'Generated from packages/contracts.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'rw_session' },
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const s =
    secrets ??
    loadSecrets({
      dataDir: config.dataDir,
      sessionSecret: config.sessionSecret,
      appPrivateKey: config.appPrivateKey,
      persist: !config.isProduction,
    });
  const db = database.db;
  const audit = createAudit(db);
  const jobs = createJobs(db, app.log);
  const ctx: AppContext = {
    config,
    database,
    db,
    secrets: s,
    sessions: createSessionStore(db, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }),
    apiKeys: createApiKeyResolver(db),
    csrf: createCsrf(s.sessionSecret, secure),
    audit,
    delivery: createDelivery(db, config, app.log),
    texts: createTextLimits({ db, audit, clock, jobs, limits: config.textLimits }),
    storage: createStorage(config),
    scanner: createScanner(config, app.log),
    jobs,
    bus: givenBus ?? createEventBus(config, app.log),
    presence: createChatPresence(config, app.log),
    clock,
    log: app.log,
  };
  ctx.sessions.onEnded((ended) => {
    ctx.bus
      .publish(SESSIONS_ENDED, { sessionIds: ended.map((e) => e.id) } satisfies SessionsEnded)
      .catch((err: unknown) =>
        app.log.warn({ err }, 'sockets not told of ended sessions; their next check closes them'),
      );
  });
  // Only a listening server works the job queue; tests build the app without listening and drain it.
  app.addHook('onListen', async () => ctx.jobs.start());
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.presence.close();
    await ctx.bus.close();
  });

  const signIn = authModule(app, ctx);
  usersModule(app, ctx, signIn);
  signupModule(app, ctx, signIn);
  practicesModule(app, ctx);
  contactsModule(app, ctx);
  unreadModule(app, ctx);
  organisationsModule(app, ctx);
  networksModule(app, ctx);
  departmentsModule(app, ctx);
  rolesModule(app, ctx);
  directoryModule(app, ctx);
  invitesModule(app, ctx);
  joinRequestsModule(app, ctx);
  apiKeysModule(app, ctx);
  cataloguesModule(app, ctx);
  placesModule(app, ctx);
  searchModule(app, ctx);
  filesModule(app, ctx);
  linkPreviewsModule(app, ctx);
  eventsModule(app, ctx);
  patientsModule(app, ctx);
  referralsModule(app, ctx);
  referralCommentsModule(app, ctx);
  appointmentsModule(app, ctx);
  chatsModule(app, ctx);
  notificationsModule(app, ctx);
  intakeModule(app, ctx);
  auditModule(app, ctx);
  worklistModule(app, ctx);
  await systemModule(app, ctx);
  return app;
}
