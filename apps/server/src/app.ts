import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createChangeFeed, type ChangeFeed } from './lib/change-feed.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { securityHeadersFor } from './plugins/security.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerSpa } from './modules/ssr/spa.ts';
import { registerAuth } from './modules/auth/auth.plugin.ts';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSecondFactorRepository } from './modules/second-factor/second-factor.repository.ts';
import { createSecondFactorService } from './modules/second-factor/second-factor.service.ts';
import { createThrottleRepository } from './modules/throttle/throttle.repository.ts';
import { createThrottleService } from './modules/throttle/throttle.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import multipart from '@fastify/multipart';
import { ErrorCode, LIMITS } from '@giot-hong/contract';
import { HttpError } from './lib/http-error.ts';
import { userRoutes } from './modules/users/user.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { createCampaignRepository } from './modules/campaigns/campaign.repository.ts';
import { createCampaignService, type CampaignService } from './modules/campaigns/campaign.service.ts';
import { questionSetCache } from './modules/question-sets/question-set-cache.ts';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { campaignRoutes } from './modules/campaigns/campaign.routes.ts';
import { campaignAdminRoutes, campaignImageRoutes } from './modules/campaigns/campaign.admin.routes.ts';
import { createCampaignAdminRepository } from './modules/campaigns/campaign.admin.repository.ts';
import {
  createCampaignAdminService,
  type CampaignAdminService,
} from './modules/campaigns/campaign.admin.service.ts';
import { adminScope } from './plugins/admin-scope.ts';
import { staffAdminRoutes } from './modules/staff/staff.admin.routes.ts';
import { identityReviewRoutes } from './modules/identity-review/identity-review.routes.ts';
import { donorsAdminRoutes } from './modules/donors-admin/donors-admin.routes.ts';
import { auditAdminRoutes } from './modules/audit/audit.admin.ts';
import { questionSetAdminRoutes } from './modules/question-sets/question-set.routes.ts';
import { dashboardAdminRoutes } from './modules/dashboard/dashboard.routes.ts';
import { waitingWorkAdminRoutes } from './modules/waiting-work/waiting-work.routes.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { newsAdminRoutes, newsThumbnailRoutes } from './modules/news/news.admin.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { broadcastRoutes } from './modules/broadcasts/broadcast.routes.ts';
import { loadAdminUnits } from './modules/admin-units/admin-units.data.ts';
import { createBroadcastRepository } from './modules/broadcasts/broadcast.repository.ts';
import { createBroadcastService, type BroadcastService } from './modules/broadcasts/broadcast.service.ts';
import { createNewsAdminRepository } from './modules/news/news.admin.repository.ts';
import { createNewsAdminService, type NewsAdminService } from './modules/news/news.admin.service.ts';
import { createDataRightsRepository } from './modules/data-rights/data-rights.repository.ts';
import {
  createDataRightsService,
  type DataRightsService,
} from './modules/data-rights/data-rights.service.ts';
import { createSealedBox } from './lib/sealed-box.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { adminUnitsRoutes } from './modules/admin-units/admin-units.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { createNewsRepository } from './modules/news/news.repository.ts';
import { createNewsService } from './modules/news/news.service.ts';
import { createNewsPageMetaResolver } from './modules/news/news.page-meta.ts';
import { shareLinkRoutes } from './modules/share-links/share-links.routes.ts';
import { createNotificationRepository } from './modules/notifications/notification.repository.ts';
import { createNotificationService } from './modules/notifications/notification.service.ts';
import { notificationRoutes } from './modules/notifications/notification.routes.ts';
import { createDispatcherRepository } from './modules/notifications/dispatcher.repository.ts';
import { createDispatcher, type Dispatcher } from './modules/notifications/dispatcher.ts';
import { createPushRepository } from './modules/push/push.repository.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { createPushSender } from './modules/push/push.sender.ts';
import { createPushService } from './modules/push/push.service.ts';
import { registerJobs } from './jobs/jobs.ts';
import { createCertificateSigner } from './modules/certificates/certificate-signing.ts';
import { certificateAdminRoutes } from './modules/certificates/certificates.admin.routes.ts';
import { createCertificateRepository } from './modules/certificates/certificates.repository.ts';
import { certificateRoutes } from './modules/certificates/certificates.routes.ts';
import {
  createCertificateService,
  type CertificateService,
} from './modules/certificates/certificates.service.ts';
import { createDonationRecordRepository } from './modules/donations/donation-record.repository.ts';
import { donationRecordRoutes } from './modules/donations/donation-record.routes.ts';
import { createDonationRecordService } from './modules/donations/donation-record.service.ts';
import { honoursAdminRoutes } from './modules/honours/honours.admin.routes.ts';
import { createHonoursRepository } from './modules/honours/honours.repository.ts';
import { createHonoursService, type HonoursService } from './modules/honours/honours.service.ts';
import { milestoneMail } from './modules/honours/honours.mails.ts';
import { dataRightsAdminRoutes, dataRightsRoutes } from './modules/data-rights/data-rights.routes.ts';
import { appointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { slotAdminRoutes, slotRoutes } from './modules/slots/slots.routes.ts';
import { createSlotService, type SlotService } from './modules/slots/slots.service.ts';
import { createAppointmentRepository } from './modules/appointments/appointments.repository.ts';
import {
  createAppointmentService,
  type AppointmentService,
} from './modules/appointments/appointments.service.ts';
import { createApiKeysRepository } from './modules/blood-centre/api-keys.repository.ts';
import { createApiKeysService, integrationLimit } from './modules/blood-centre/api-keys.service.ts';
import { apiKeysAdminRoutes } from './modules/blood-centre/api-keys.admin.routes.ts';
import { createUnitEventsRepository } from './modules/blood-centre/unit-events.repository.ts';
import {
  createUnitEventsService,
  type UnitEventsService,
} from './modules/blood-centre/unit-events.service.ts';
import { unitEventRoutes } from './modules/blood-centre/unit-events.routes.ts';
import { unitsAdminRoutes } from './modules/blood-centre/units.admin.routes.ts';
import { tasksAdminRoutes } from './modules/blood-centre/tasks.admin.routes.ts';
import {
  createJourneyMessagesService,
  type JourneyMessagesService,
} from './modules/blood-centre/journey-messages.service.ts';
import { createStaffPermissions } from './modules/staff/staff-permissions.ts';
import { createStaffRepository } from './modules/staff/staff.repository.ts';
import { integrationScope } from './plugins/integration-scope.ts';
import { createStockRepository } from './modules/stock/stock.repository.ts';
import { createStockService, type StockService } from './modules/stock/stock.service.ts';
import { stockRoutes } from './modules/stock/stock.routes.ts';
import { stockAdminRoutes } from './modules/stock/stock.admin.routes.ts';
import { stockIntegrationRoutes } from './modules/stock/stock.integration.routes.ts';
import { createRareBloodRepository, onCallMemberIds } from './modules/rare-blood/rare-blood.repository.ts';
import { createRareBloodService, type RareBloodService } from './modules/rare-blood/rare-blood.service.ts';
import { rareBloodRoutes } from './modules/rare-blood/rare-blood.routes.ts';
import { rareBloodAdminRoutes } from './modules/rare-blood/rare-blood.admin.routes.ts';
import { throttleKey } from './modules/throttle/throttle.service.ts';
import { createAppealRepository } from './modules/appeals/appeal.repository.ts';
import { createAppealAudience } from './modules/appeals/appeal-audience.ts';
import { createAppealService, type AppealService } from './modules/appeals/appeal.service.ts';
import { appealAdminRoutes } from './modules/appeals/appeal.admin.routes.ts';
import { appealRoutes } from './modules/appeals/appeal.routes.ts';
import type { Clock } from './lib/clock.ts';
import { logFailure, logSafeError } from './lib/log-safe-error.ts';
import { systemClock } from './lib/clock.ts';
import { countedMailer, createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import { createMetrics, registerMetrics } from './plugins/metrics.ts';
import { createIdCardPool, type IdCardPool, type IdCardThreads } from './idcard/pool.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Defaults to SMTP when SMTP_URL is set, else the development outbox. */
  mailer?: Mailer;
  /** Where log lines go (default: standard output); tests read them. */
  logStream?: { write(line: string): void };
  /** ID-card reading threads shared with other apps of the process (tests); by default its own. */
  idCardThreads?: IdCardThreads;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    clock: Clock;
    /** Every message to a donor by e-mail or push goes through it: preferences and quiet hours (ADR 33). */
    dispatcher: Dispatcher;
    mailer: Mailer;
    /** Shared by the campaign list and the modules that change registration counts. */
    campaigns: CampaignService;
    /**
     * Keeps the caches of every process on one database in step (ADR 35): a write that feeds a
     * cache publishes its topic after it committed, instead of invalidating one process's cache.
     */
    changes: ChangeFeed;
    /**
     * First step of a graceful stop: from now on every request gets the 503 envelope with
     * `Connection: close`, while requests already running finish (main.ts then closes the app).
     */
    stopAccepting(): void;
    /** Appointments: history, view, cancellation (with `onAppointmentCancelled` for other modules), feedback. */
    appointments: AppointmentService;
    /** Staff news: drafts, publication, thumbnails, the one-time donor notification. */
    newsAdmin: NewsAdminService;
    /** Staff broadcasts, sent in the background. */
    broadcasts: BroadcastService;
    /** Consents, exports, deletion requests; other modules ask it for consents before a feature. */
    dataRights: DataRightsService;
    /** Staff work on campaigns and the donation day; also serves the public campaign picture. */
    campaignAdmin: CampaignAdminService;
    /** Time slots: the public list, staff capacities, a donor's move to another slot. */
    slots: SlotService;
    /** Donation certificates: issued with a DONE, verified by anyone, used and revoked by staff. */
    certificates: CertificateService;
    /** Honours: milestones awarded after donations, the donor's badges, the ceremony list. */
    honours: HonoursService;
    /** The blood centre's unit events (its API key or a staff CSV file), one path for both. */
    unitEvents: UnitEventsService;
    /** The day-time 'sent to a hospital' messages (a scheduled task sends them). */
    journeyMessages: JourneyMessagesService;
    /** The blood stock board: set by staff or the blood centre's key, read by everyone (and the landing page). */
    stock: StockService;
    /** Appeals by blood group: staff create them, the background sends them, donors answer; the landing page lists the open ones. */
    appeals: AppealService;
    /** The rare-blood club: a donor's membership (with its consent), staff's audited listing by group. */
    rareBlood: RareBloodService;
    /** Worker threads that read uploaded ID-card sides, with a bounded queue (idcard/pool.ts). */
    idCardPool: IdCardPool;
  }
}

/** Header and body fields that never reach the log. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/**
 * Builds the whole application. `main.ts` and the tests call this; nothing here listens or
 * migrates, so a test can build many apps on one database.
 */
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Fastify's compiler factories answering with fastify-type-provider-zod's compilers for every route. */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

export async function buildApp({
  config,
  database,
  clock = systemClock,
  mailer,
  logStream,
  idCardThreads,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            // Every `{ err }` logged: database errors keep their code and the query's shape only.
            serializers: { err: logSafeError },
            ...(logStream ? { stream: logStream } : {}),
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Query strings can carry e-mails and tokens: the built-in request logs are off and the
    // onResponse hook below logs the path only.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    // While stopping, requests still arriving on open connections get our 503 envelope (below).
    return503OnClosing: false,
    // Every schema is a zod schema of the contract, compiled by fastify-type-provider-zod: given
    // here rather than set afterwards, Fastify never loads its own JSON-schema compilers (ajv,
    // fast-json-stringify), which no route uses.
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  // An empty body sent as application/json is no body. Browsers drop the header on a PUT or
  // DELETE without a body, but other clients (scripts, curl, proxies) send it, and Fastify's
  // parser answers them 400. A route that takes a body still refuses a missing one, in its words.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', clock);
  // Before the mailer, the scheduler and the routes: they all report to it.
  const metrics = createMetrics(database);
  app.decorate('metrics', metrics);
  app.decorate(
    'mailer',
    countedMailer(
      mailer ??
        (config.smtpUrl
          ? createSmtpMailer(config.smtpUrl, config.mailFrom)
          : createOutboxMailer(config.dataDir, config.mailFrom, app.log, {
              logLinks: config.env !== 'production',
            })),
      (transport, failed) => metrics.mail(transport, failed),
    ),
  );
  app.addHook('onClose', async () => app.mailer.close());
  // Before the services whose writes publish to it; it listens (PostgreSQL) from the start, and
  // its subscriptions are made below, once the caches exist.
  const changes = createChangeFeed({ transport: database.changes, log: app.log });
  app.decorate('changes', changes);
  changes.start();
  app.addHook('onClose', async () => changes.close());
  // No thread starts here: the first upload starts them. Closing ends them with their OCR workers.
  const idCardPool = createIdCardPool({
    ...config.idCard,
    observer: metrics.idCardPool,
    threads: idCardThreads,
  });
  metrics.watchIdCardQueue(() => idCardPool.stats().queued);
  app.decorate('idCardPool', idCardPool);
  app.addHook('onClose', async () => idCardPool.close());
  const pushPolicy = { allowLocal: config.push.allowLocalEndpoints };
  app.decorate(
    'dispatcher',
    createDispatcher({
      repo: createDispatcherRepository(database.db),
      mailer: app.mailer,
      push: createPushSender({
        vapid: {
          subject: config.push.vapidSubject,
          publicKey: config.push.vapidPublicKey,
          privateKey: config.push.vapidPrivateKey,
        },
        policy: pushPolicy,
      }),
      clock,
      publicUrl: config.publicUrl,
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
  // Pushes being sent finish before the mailer and the database close.
  app.addHook('onClose', async () => app.dispatcher.idle());
  app.decorate(
    'push',
    createPushService({ repo: createPushRepository(database.db), clock, policy: pushPolicy }),
  );
  app.decorate('campaigns', createCampaignService({ repo: createCampaignRepository(database.db), clock }));
  // Before the route modules: registration (and appointments) write notifications through it.
  app.decorate(
    'notifications',
    createNotificationService({
      repo: createNotificationRepository(database.db),
      clock,
      // New portal notifications may be pushed: the dispatcher looks at once, not only on its next
      // tick — once the writer's own work is done (the next turn of the event loop), not inside it.
      onWritten: () => setImmediate(() => app.dispatcher.kick()),
    }),
  );
  // Staff console content that background tasks use too: created before the scheduler.
  app.decorate(
    'newsAdmin',
    createNewsAdminService({
      repo: createNewsAdminRepository(database.db),
      clock,
      notifyNewsPublished: (id) => app.notifications.notifyNewsPublished(id),
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
  const provinces = new Map(loadAdminUnits().provinces.map((p) => [p.code, p.name]));
  app.decorate(
    'broadcasts',
    createBroadcastService({
      repo: createBroadcastRepository(database.db),
      clock,
      dispatcher: app.dispatcher,
      publicUrl: config.publicUrl,
      provinceName: (code) => provinces.get(code),
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
  // A broadcast being sent finishes its batch before the mailer and the database close.
  app.addHook('onClose', async () => app.broadcasts.idle());
  const appealRepo = createAppealRepository(database.db);
  app.decorate(
    'appeals',
    createAppealService({
      repo: appealRepo,
      // The rare-blood club's on-call members: the audience's one way past the 14-day rule.
      audience: createAppealAudience({
        repo: appealRepo,
        minDaysBetween: config.appeals.minDaysBetween,
        onCallMemberIds: (groups, at) => onCallMemberIds(database.db, groups, at),
      }),
      clock,
      dispatcher: app.dispatcher,
      publicUrl: config.publicUrl,
      batchSize: config.appeals.batchSize,
      logError: (err, msg) => logFailure(app.log, err, msg),
      onOpenListChanged: () => changes.publish('appeals'),
    }),
  );
  // Likewise an appeal being sent.
  app.addHook('onClose', async () => app.appeals.idle());
  registerJobs(app);
  app.decorate(
    'appointments',
    createAppointmentService({
      repo: createAppointmentRepository(database.db),
      clock,
      publicUrl: config.publicUrl,
      onCountsChanged: () => app.changes.publish('campaigns'),
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );

  app.decorate(
    'certificates',
    createCertificateService({
      repo: createCertificateRepository(database.db),
      signer: createCertificateSigner(config.secrets.certificateSigning),
      prefix: config.certificates.prefix,
      facility: config.certificates.facility,
      publicUrl: config.publicUrl,
      clock,
      notices: {
        used: (userId, use) => app.notifications.notifyCertificateUsed(userId, use),
        revoked: (userId, serial, reason) =>
          app.notifications.notifyCertificateRevoked(userId, serial, reason),
      },
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
  const honoursRepo = createHonoursRepository(database.db);
  const donationRecord = createDonationRecordService({
    repo: createDonationRecordRepository(database.db),
    clock,
  });
  app.decorate(
    'honours',
    createHonoursService({
      repo: honoursRepo,
      milestones: config.honourMilestones,
      clock,
      notices: {
        notify: (userId, milestone) => app.notifications.notifyMilestone(userId, milestone),
        mail: async (userId, milestone) => {
          const owner = await honoursRepo.ownerOf(userId);
          if (owner)
            await app.dispatcher.email({
              userId,
              kind: 'JOURNEY',
              key: `milestone:${milestone}`,
              mail: milestoneMail(owner, milestone, config.publicUrl),
            });
        },
      },
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
  // The blood centre's link: keys, unit events and the messages they queue, staff permissions.
  app.decorate('staffPermissions', createStaffPermissions(createStaffRepository(database.db)));
  app.decorate('apiKeys', createApiKeysService({ repo: createApiKeysRepository(database.db), clock }));
  const unitEventsRepo = createUnitEventsRepository(database.db);
  app.decorate(
    'unitEvents',
    createUnitEventsService({
      repo: unitEventsRepo,
      clock,
      counsellingCallDays: config.bloodCentre.counsellingCallDays,
      notices: {
        labGroup: (userId, eventId, declared, lab) =>
          app.notifications.notifyLabGroup(userId, eventId, declared, lab),
        chapterContact: (userId, appointmentId) =>
          app.notifications.notifyChapterContact(
            userId,
            appointmentId,
            config.chapterContact.phone,
            config.chapterContact.openingHours,
          ),
      },
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
  app.decorate(
    'journeyMessages',
    createJourneyMessagesService({
      repo: unitEventsRepo,
      clock,
      notifications: app.notifications,
      dispatcher: app.dispatcher,
      publicUrl: config.publicUrl,
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
  app.decorate(
    'stock',
    createStockService({
      repo: createStockRepository(database.db),
      clock,
      chapterName: config.chapterName,
      onChanged: () => changes.publish('stock'),
    }),
  );
  // What each topic invalidates. The open appeals carry their campaign's name, place and time,
  // and end when their campaign's bookings reach the target: a campaign change drops them too.
  changes.subscribe('campaigns', () => app.campaigns.invalidate());
  changes.subscribe('campaigns', () => app.appeals.invalidateOpenList());
  changes.subscribe('appeals', () => app.appeals.invalidateOpenList());
  changes.subscribe('stock', () => app.stock.invalidate());
  changes.subscribe('question-sets', () => questionSetCache(database.db).invalidate());
  app.decorate(
    'campaignAdmin',
    createCampaignAdminService({
      repo: createCampaignAdminRepository(database.db),
      clock,
      dispatcher: app.dispatcher,
      publicUrl: config.publicUrl,
      onCampaignsChanged: () => app.changes.publish('campaigns'),
      notifyCampaignCancelled: (id, reason) => app.notifications.notifyCampaignCancelled(id, reason),
      notifyDonationThanks: (id) => app.notifications.notifyDonationThanks(id),
      certificates: app.certificates,
      honours: app.honours,
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
  app.decorate(
    'slots',
    createSlotService({ db: database.db, clock, onSlotsChanged: () => app.changes.publish('campaigns') }),
  );

  let closing = false;
  app.decorate('stopAccepting', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks, not async ones: they run on every request, and a promise each adds up.
  // Security headers and the request id in one hook (it runs on every request).
  const baseHeaders = securityHeadersFor(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(baseHeaders);
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('Connection', 'close');
      done(new HttpError(ErrorCode.UNAVAILABLE));
      return;
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const q = request.url.indexOf('?');
    request.log.info(
      {
        method: request.method,
        path: q === -1 ? request.url : request.url.slice(0, q),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });

  // Order matters: headers and error handling first so every route below gets them; the
  // OpenAPI plugin must see the routes registered after it; the SPA catch-all goes last.
  registerErrorHandler(app);
  registerInputGuard(app);
  // Counts every request below, and serves /metrics (main port, loopback) or starts its own port.
  registerMetrics(app, metrics);
  // A root onSend hook: compresses (and revalidates) every JSON, HTML and text answer below.
  registerCompression(app);
  await registerOpenApi(app);
  // Database-backed rate limits shared by every process: logins, mails, searches, exports.
  const throttle = createThrottleService({
    repo: createThrottleRepository(database.db),
    clock,
    scale: config.rateLimitScale,
  });
  // Before the route modules: they protect routes with app.authenticate.
  registerAuth(app, {
    throttle,
    service: createAuthService({
      repo: createAuthRepository(database.db),
      throttle,
      clock,
      config,
      mailer: app.mailer,
      accessTokens: createAccessTokens(config.secrets.accessToken, () => app.clock.now()),
      log: app.log,
      secondFactor: createSecondFactorService({
        repo: createSecondFactorRepository(database.db),
        clock,
        dataEncryptionKey: config.secrets.dataEncryption,
      }),
    }),
  });
  // Before data rights: withdrawing the club's consent there ends the membership.
  const rareBloodRepo = createRareBloodRepository(database.db);
  // Before the route modules: registration asks it for the donor's consents. Its background
  // work runs as scheduled tasks (jobs.ts), which read it only when they run.
  app.decorate(
    'dataRights',
    createDataRightsService({
      repo: createDataRightsRepository(database.db),
      clock,
      // The identity module seals ID-card images with this purpose label.
      box: createSealedBox(config.secrets.dataEncryption, 'id-card-images'),
      mailer: app.mailer,
      dispatcher: app.dispatcher,
      throttle,
      publicUrl: config.publicUrl,
      retention: {
        idImageDays: config.idImageRetentionDays,
        exportDays: config.exportRetentionDays,
        deletionGraceDays: config.deletionGraceDays,
      },
      onCountsChanged: () => app.changes.publish('campaigns'),
      logError: (err, msg) => logFailure(app.log, err, msg),
      // The donor's record (donations, venue checks, unit numbers, certificates) and honours.
      exportExtras: async (userId) => ({
        donationRecord: await donationRecord.recordOf(userId),
        honours: await app.honours.mine(userId, database.db),
        appeals: await app.appeals.exportOf(userId),
        rareBloodClub: await app.rareBlood.exportOf(userId),
        // How the donor chose to be told, and the devices pushes go to (their name and push
        // service; the keys that encrypt to them are the device's secret, as a password hash is).
        notificationPreferences: await app.dispatcher.preferences(userId),
        pushDevices: await app.push.list(userId),
      }),
      onConsentWithdrawn: async (tx, userId, purpose) => {
        if (purpose === 'RARE_BLOOD_CLUB') await rareBloodRepo.remove(tx, userId);
      },
    }),
  );
  const adminUnits = loadAdminUnits();
  app.decorate(
    'rareBlood',
    createRareBloodService({
      repo: rareBloodRepo,
      clock,
      consent: (tx, userId, given, at) =>
        app.dataRights.setInFeature(tx, userId, 'RARE_BLOOD_CLUB', given, at),
      placeNames: (provinceCode, wardCode) => {
        const province = provinces.get(provinceCode);
        if (!province) return undefined;
        if (!wardCode) return { province };
        const ward = adminUnits.wardsByProvince.get(provinceCode)?.find((w) => w.code === wardCode);
        return ward && { province, ward: ward.name };
      },
    }),
  );
  // Uploads (ID-card sides, avatar): one file per request, 5 MB, checked by content later. A
  // second file is refused by lib/multipart.ts with the upload's own message.
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 10, fieldSize: 10_000 },
  });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(devMailRoutes);
  await app.register(campaignRoutes);
  await app.register(campaignImageRoutes);
  await app.register(stockRoutes);
  await app.register(appealRoutes);
  // The staff console: every /api/admin route, behind one role check that sets request.actor
  // (plugins/admin-scope.ts). A route that is not under /api/admin is refused there.
  await app.register(adminScope, {
    routes: [
      campaignAdminRoutes,
      slotAdminRoutes,
      staffAdminRoutes,
      identityReviewRoutes,
      donorsAdminRoutes,
      dataRightsAdminRoutes,
      auditAdminRoutes,
      questionSetAdminRoutes,
      dashboardAdminRoutes,
      waitingWorkAdminRoutes,
      newsAdminRoutes,
      inboxRoutes,
      broadcastRoutes,
      certificateAdminRoutes,
      honoursAdminRoutes,
      apiKeysAdminRoutes,
      unitsAdminRoutes,
      tasksAdminRoutes,
      stockAdminRoutes,
      appealAdminRoutes,
      rareBloodAdminRoutes,
    ],
  });
  // The blood centre's machine: /api/integrations routes, an API key and nothing else (the login
  // guards refuse keys, this scope refuses login tokens), limited per key wherever it calls from.
  const perKey = integrationLimit(config.bloodCentre.integrationRatePerMinute);
  await app.register(integrationScope, {
    routes: [unitEventRoutes, stockIntegrationRoutes],
    authenticate: (presented) => app.apiKeys.authenticate(presented),
    consume: (caller) => throttle.consume(perKey, throttleKey(perKey.bucket, String(caller.id))),
  });
  await app.register(certificateRoutes(app.certificates));
  await app.register(donationRecordRoutes(donationRecord, app.honours));
  await app.register(newsThumbnailRoutes);
  await app.register(newsRoutes);
  await app.register(referenceRoutes);
  await app.register(contactRoutes);
  await app.register(adminUnitsRoutes);
  await app.register(userRoutes);
  await app.register(rareBloodRoutes);
  await app.register(registrationRoutes);
  await app.register(identityRoutes);
  await app.register(notificationRoutes);
  await app.register(pushRoutes);
  await app.register(appointmentRoutes);
  await app.register(slotRoutes);
  await app.register(dataRightsRoutes);

  await registerSpa(app);
  // After the SPA, which creates the list of page-meta resolvers: the news items' link previews.
  const news = createNewsService(createNewsRepository(database.db), clock);
  app.pageMetaResolvers.push(createNewsPageMetaResolver(news));
  // sitemap.xml (with every news item) and robots.txt are plain routes.
  await app.register(seoRoutes, { sitemapNews: () => news.listForSitemap() });
  // Also after the SPA: adds the shared campaign's link preview; unknown codes get the 404 page.
  await app.register(shareLinkRoutes);
  return app;
}
