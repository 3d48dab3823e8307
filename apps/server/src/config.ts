import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultIdCardQueueMax, defaultIdCardWorkers } from './idcard/pool.ts';
// The terms page states this figure to donors: the default comes from the same constant.
import {
  APPEAL_RULES,
  DATA_RIGHTS,
  DEMO_CHAPTER_CONTACT,
  DEMO_CHAPTER_NAME,
  parseMilestones,
  PRIVACY,
  type TChapterContact,
} from '@giot-hong/contract';

/**
 * The only place that reads the environment. Everything else receives a `Config`.
 * Secrets have development defaults generated into DATA_DIR on first start and are
 * required when NODE_ENV=production.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Giọt Hồng <no-reply@giothong.local>'),
  CONTACT_INBOX: z.string().email().default('lienhe@giothong.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_SECRET: z.string().min(32).optional(),
  REFRESH_TOKEN_SECRET: z.string().min(32).optional(),
  /** Seeds the Ed25519 key that signs donation certificates (any text of 32+ characters). */
  CERTIFICATE_SIGNING_KEY: z.string().min(32).optional(),
  /** The serial prefix of this chapter's certificates (GH-2026-000123). */
  CERTIFICATE_PREFIX: z
    .string()
    .regex(/^[A-Z]{2,6}$/)
    .default('GH'),
  /** The facility printed on certificates and shown by the verification page. */
  CERTIFICATE_FACILITY: z.string().min(1).default('Hội Chữ thập đỏ - Điểm hiến máu Giọt Hồng'),
  /** The honours ladder: donation counts that are milestones, comma-separated. */
  HONOUR_MILESTONES: z.string().default('1,5,10,15,20,30,40,50,70,100'),
  DATA_ENCRYPTION_KEY: z.string().min(32).optional(),
  /** Web Push (RFC 8292): the server's P-256 key pair, base64url as `npx web-push generate-vapid-keys` prints it. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'khóa công khai P-256 (65 byte, base64url, bắt đầu bằng B)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'khóa bí mật P-256 (32 byte, base64url)')
    .optional(),
  /** Who runs this server, for the push services (RFC 8292): a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'mailto:… hoặc https://…')
    .optional(),
  /** Lets subscriptions name a push service on this machine (http://127.0.0.1…): tests and development only. */
  PUSH_ALLOW_LOCAL_ENDPOINTS: z.enum(['true', 'false']).default('false'),
  /** Default: on, except under NODE_ENV=production where demo accounts must be asked for. */
  SEED_DEMO_DATA: z.enum(['true', 'false']).optional(),
  /** `outbox` lets a production server without SMTP_URL keep mails in DATA_DIR/outbox. */
  MAIL_MODE: z.enum(['smtp', 'outbox']).optional(),
  /** The OpenAPI page at /api/docs. Default: on, except under NODE_ENV=production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  WEB_DIST: z.string().optional(),
  /** Who reads /metrics on the main port: direct callers from this machine (loopback), or nobody (off). */
  METRICS_ALLOW: z.enum(['loopback', 'off']).default('loopback'),
  /** A port of its own for /metrics (then never served on PORT), on METRICS_HOST. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Days ID-card photos are kept after confirmation (or after upload when never confirmed). */
  ID_IMAGE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(PRIVACY.idCardImageRetentionDays),
  /** Threads that read ID-card photos; default: the cores less one (at least 1), see idcard/pool.ts. */
  IDCARD_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** ID-card sides that may wait for a thread; more answer 503. Default: 4 per thread. */
  IDCARD_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Days a donor's data export stays downloadable (the privacy page states it). */
  EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(90).default(DATA_RIGHTS.exportRetentionDays),
  /** Days between a confirmed account-deletion request and the erasure (the donor may cancel meanwhile). */
  DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(DATA_RIGHTS.deletionGraceDays),
  /** Multiplies every protective rate-limit count (not the waiting times): >1 for shared test servers, never <1. */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(10_000).default(1),
  /** Days (Vietnam) staff have to call a donor about a reactive screening result. */
  COUNSELLING_CALL_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  /** Appeals: at most one per donor in this many days (a CRITICAL one may reach them once more). */
  APPEAL_MIN_DAYS_BETWEEN: z.coerce.number().int().min(1).max(365).default(APPEAL_RULES.minDaysBetween),
  /** Calls one API key may make per minute on /api/integrations (scaled by RATE_LIMIT_SCALE). */
  INTEGRATION_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Timed notifications (reminders …); default on, except under NODE_ENV=test where tests tick by hand. */
  SCHEDULER_ENABLED: z.enum(['true', 'false']).optional(),
  /** The chapter's name as the public reads it (who set the blood stock board's levels). */
  CHAPTER_NAME: z.string().trim().min(1).max(120).default(DEMO_CHAPTER_NAME),
  /** The chapter's public contact details (contact page, footer, terms); demo values by default. */
  CHAPTER_ADDRESS: z.string().max(200).default(DEMO_CHAPTER_CONTACT.address),
  CHAPTER_PHONE: z
    .string()
    .regex(/^\+?[\d .()-]{6,20}$/, 'một số điện thoại, ví dụ 024 3822 5596')
    .default(DEMO_CHAPTER_CONTACT.phone),
  CHAPTER_EMAIL: z.string().email().default(DEMO_CHAPTER_CONTACT.email),
  CHAPTER_OPENING_HOURS: z.string().max(200).default(DEMO_CHAPTER_CONTACT.openingHours),
  /** 'latitude,longitude' in degrees (WGS 84), e.g. 21.0188,105.8446. */
  CHAPTER_MAP_POSITION: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/, 'vĩ độ,kinh độ, ví dụ 21.0188,105.8446')
    .refine((v) => {
      const [lat, lon] = v.split(',').map(Number) as [number, number];
      return Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
    }, 'vĩ độ trong [-90, 90], kinh độ trong [-180, 180]')
    .default(`${DEMO_CHAPTER_CONTACT.map.lat},${DEMO_CHAPTER_CONTACT.map.lon}`),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactInbox: string;
  /** The chapter's public contact details (CHAPTER_* variables). */
  chapterContact: TChapterContact;
  /** The chapter's name (CHAPTER_NAME), e.g. who set the blood stock board. */
  chapterName: string;
  logLevel: string;
  secrets: { accessToken: string; refreshToken: string; dataEncryption: string; certificateSigning: string };
  /**
   * Web Push: the VAPID key pair and subject (RFC 8292), and whether a push service on this machine
   * (loopback, plain http) may be subscribed to — tests and development only, never in production.
   */
  push: {
    vapidPublicKey: string;
    vapidPrivateKey: string;
    vapidSubject: string;
    allowLocalEndpoints: boolean;
  };
  /** Certificates: serial prefix and the facility they name. */
  certificates: { prefix: string; facility: string };
  /** The honours ladder (parsed HONOUR_MILESTONES). */
  honourMilestones: number[];
  /** The blood centre's link: the deadline to call about a reactive result, the per-key call limit. */
  bloodCentre: { counsellingCallDays: number; integrationRatePerMinute: number };
  /** Appeals: the fatigue rule's days (APPEAL_MIN_DAYS_BETWEEN) and the donors looked at per sending batch. */
  appeals: { minDaysBetween: number; batchSize: number };
  seedDemoData: boolean;
  /** Whether /api/docs (the OpenAPI page and its JSON) is served. */
  apiDocs: boolean;
  trustProxy: boolean;
  /** /metrics: METRICS_ALLOW on the main port, or METRICS_PORT (and METRICS_HOST) of its own. */
  metrics: { allow: 'loopback' | 'off'; port: number | undefined; host: string };
  /** Days ID-card images are kept after the profile is confirmed (0 = delete at the next sweep). */
  idImageRetentionDays: number;
  /** The ID-card reading pool: worker threads and sides that may wait (IDCARD_WORKERS, IDCARD_QUEUE_MAX). */
  idCard: { workers: number; queueMax: number };
  /** See EXPORT_RETENTION_DAYS and DELETION_GRACE_DAYS. */
  exportRetentionDays: number;
  deletionGraceDays: number;
  /** See RATE_LIMIT_SCALE. */
  rateLimitScale: number;
  /** Directory of the built SPA (apps/web/dist). */
  webDist: string;
  /** Whether this process runs the database-claimed periodic tasks (see jobs/scheduler.ts). */
  schedulerEnabled: boolean;
  /** How often the scheduler looks for due tasks. */
  schedulerTickMs: number;
};

const SECRET_NAMES = [
  'ACCESS_TOKEN_SECRET',
  'REFRESH_TOKEN_SECRET',
  'DATA_ENCRYPTION_KEY',
  'CERTIFICATE_SIGNING_KEY',
] as const;

function loadOrCreateSecrets(dataDir: string, env: z.infer<typeof ZEnv>) {
  const file = path.join(dataDir, 'secrets.json');
  const missing = SECRET_NAMES.filter((n) => !env[n]);
  if (missing.length === 0) return env as Record<(typeof SECRET_NAMES)[number], string>;
  if (env.NODE_ENV === 'production') {
    throw new Error(`Thiếu cấu hình bắt buộc khi NODE_ENV=production: ${missing.join(', ')}`);
  }
  let stored: Record<string, string> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  let changed = false;
  for (const n of SECRET_NAMES) {
    if (!stored[n]) {
      stored[n] = randomBytes(48).toString('base64url');
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return Object.fromEntries(SECRET_NAMES.map((n) => [n, env[n] ?? stored[n]!])) as Record<
    (typeof SECRET_NAMES)[number],
    string
  >;
}

/** A fresh VAPID key pair: the uncompressed P-256 point (65 bytes) and the private scalar, base64url. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

/**
 * The VAPID pair: both from the environment, or (outside production) kept in DATA_DIR/secrets.json
 * beside the other generated secrets. A pair must stay together: the browsers' subscriptions are
 * bound to its public key, so changing it silently ends every subscription.
 */
function loadOrCreateVapid(dataDir: string, env: z.infer<typeof ZEnv>) {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY)
    throw new Error('VAPID_PUBLIC_KEY và VAPID_PRIVATE_KEY phải được đặt cùng nhau (một cặp khóa).');
  if (env.NODE_ENV === 'production')
    throw new Error(
      'Thiếu cấu hình bắt buộc khi NODE_ENV=production: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (tạo bằng npx web-push generate-vapid-keys)',
    );
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  if (stored.VAPID_PUBLIC_KEY && stored.VAPID_PRIVATE_KEY)
    return { publicKey: stored.VAPID_PUBLIC_KEY, privateKey: stored.VAPID_PRIVATE_KEY };
  const fresh = generateVapidKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      { ...stored, VAPID_PUBLIC_KEY: fresh.publicKey, VAPID_PRIVATE_KEY: fresh.privateKey },
      null,
      2,
    ),
    { mode: 0o600 },
  );
  return fresh;
}

function chapterContactFrom(env: z.infer<typeof ZEnv>): TChapterContact {
  const [lat, lon] = env.CHAPTER_MAP_POSITION.split(',').map(Number) as [number, number];
  return {
    address: env.CHAPTER_ADDRESS,
    phone: env.CHAPTER_PHONE,
    email: env.CHAPTER_EMAIL,
    openingHours: env.CHAPTER_OPENING_HOURS,
    map: { lat, lon },
  };
}

function idCardPoolFrom(env: z.infer<typeof ZEnv>): Config['idCard'] {
  const workers = env.IDCARD_WORKERS ?? defaultIdCardWorkers();
  return { workers, queueMax: env.IDCARD_QUEUE_MAX ?? defaultIdCardQueueMax(workers) };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable (`DATABASE_URL=`) means "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Cấu hình không hợp lệ:\n${lines}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (production && !env.SMTP_URL && env.MAIL_MODE !== 'outbox') {
    throw new Error(
      'Thiếu SMTP_URL khi NODE_ENV=production: thư (xác thực tài khoản, mã đặt lại mật khẩu) sẽ không đến được ai. ' +
        'Đặt SMTP_URL, hoặc MAIL_MODE=outbox nếu thật sự muốn lưu thư vào DATA_DIR/outbox.',
    );
  }
  if (env.MAIL_MODE === 'smtp' && !env.SMTP_URL) {
    throw new Error('MAIL_MODE=smtp cần SMTP_URL.');
  }
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR);
  const secrets = loadOrCreateSecrets(dataDir, env);
  if (production && env.PUSH_ALLOW_LOCAL_ENDPOINTS === 'true') {
    throw new Error(
      'PUSH_ALLOW_LOCAL_ENDPOINTS=true không được dùng khi NODE_ENV=production: máy chủ sẽ gửi yêu cầu tới địa chỉ nội bộ.',
    );
  }
  const vapid = loadOrCreateVapid(dataDir, env);
  const port = overrides.port ?? env.PORT;
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === port) {
    throw new Error(
      'METRICS_PORT phải khác PORT (để trống METRICS_PORT để phục vụ /metrics trên cổng chính).',
    );
  }
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactInbox: env.CONTACT_INBOX,
    chapterContact: chapterContactFrom(env),
    chapterName: env.CHAPTER_NAME,
    logLevel: env.LOG_LEVEL,
    secrets: {
      accessToken: secrets.ACCESS_TOKEN_SECRET,
      refreshToken: secrets.REFRESH_TOKEN_SECRET,
      dataEncryption: secrets.DATA_ENCRYPTION_KEY,
      certificateSigning: secrets.CERTIFICATE_SIGNING_KEY,
    },
    push: {
      vapidPublicKey: vapid.publicKey,
      vapidPrivateKey: vapid.privateKey,
      vapidSubject: env.VAPID_SUBJECT ?? `mailto:${env.CHAPTER_EMAIL}`,
      allowLocalEndpoints: env.PUSH_ALLOW_LOCAL_ENDPOINTS === 'true',
    },
    certificates: { prefix: env.CERTIFICATE_PREFIX, facility: env.CERTIFICATE_FACILITY },
    honourMilestones: parseMilestones(env.HONOUR_MILESTONES),
    bloodCentre: {
      counsellingCallDays: env.COUNSELLING_CALL_DAYS,
      integrationRatePerMinute: env.INTEGRATION_RATE_LIMIT,
    },
    appeals: { minDaysBetween: env.APPEAL_MIN_DAYS_BETWEEN, batchSize: 500 },
    seedDemoData: (env.SEED_DEMO_DATA ?? (production ? 'false' : 'true')) === 'true',
    apiDocs: (env.API_DOCS ?? (production ? 'false' : 'true')) === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    metrics: { allow: env.METRICS_ALLOW, port: env.METRICS_PORT, host: env.METRICS_HOST },
    rateLimitScale: env.RATE_LIMIT_SCALE,
    idImageRetentionDays: env.ID_IMAGE_RETENTION_DAYS,
    idCard: idCardPoolFrom(env),
    exportRetentionDays: env.EXPORT_RETENTION_DAYS,
    deletionGraceDays: env.DELETION_GRACE_DAYS,
    // Another build directory: a deployment that keeps builds side by side, the update test (ADR 34).
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    schedulerEnabled: (env.SCHEDULER_ENABLED ?? (env.NODE_ENV === 'test' ? 'false' : 'true')) === 'true',
    schedulerTickMs: 60_000,
    ...overrides,
  };
}
