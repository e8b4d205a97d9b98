import { createECDH, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { isKnownTimeZone } from "#common/dates.ts";
import { isWellFormedHost } from "./site-address.ts";
import { parseTrustedProxies, type TrustedProxies } from "./trusted-proxies.ts";

/**
 * The whole runtime configuration, parsed once from the environment.
 * With nothing set, every part runs embedded under DATA_DIR (./data).
 */

const optionalUrl = z.url().optional();
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: optionalUrl,
  ALLOWED_HOSTS: z
    .string()
    .refine(
      (value) => hostList(value).every(isWellFormedHost),
      "must be a comma list of host names, each with an optional :port",
    )
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  BUILD_DIR: z.string().min(1).default("build"),
  DATABASE_URL: z
    .url()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), "must start with postgres://")
    .optional(),
  SITE_NAME: z.string().min(1).default("Clubkalender"),
  CITY_NAME: z.string().min(1).default("Leipzig"),
  CITY_LAT: z.coerce.number().min(-90).max(90).default(51.3397),
  CITY_LNG: z.coerce.number().min(-180).max(180).default(12.3731),
  TIMEZONE: z
    .string()
    .refine((zone) => isKnownTimeZone(zone), "is not a known IANA time zone")
    .default("Europe/Berlin"),
  SMTP_URL: z
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Clubkalender <hallo@clubkalender.localhost>"),
  GEOCODING_URL: z
    .url()
    .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
    .optional(),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  STRIPE_API_URL: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl,
  REDIS_URL: z
    .url()
    .refine((value) => /^rediss?:\/\//.test(value), "must start with redis:// or rediss://")
    .optional(),
  SENTRY_DSN: optionalUrl,
  SENTRY_ENVIRONMENT: z.string().min(1).default("live"),
  TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SOCIAL_INSTAGRAM_URL: optionalUrl,
  SOCIAL_TIKTOK_URL: optionalUrl,
  SOCIAL_FACEBOOK_URL: optionalUrl,
  SOCIAL_WHATSAPP_URL: optionalUrl,
  GOOGLE_TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, "must look like GTM-XXXXXXX")
    .optional(),
  GOOGLE_ANALYTICS_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXXXXX")
    .optional(),
  CLARITY_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9]{6,20}$/, "must be a Clarity project id")
    .optional(),
  OPERATOR_NAME: z.string().optional(),
  OPERATOR_ADDRESS: z.string().optional(),
  OPERATOR_EMAIL: z.email().optional(),
  OPERATOR_PHONE: z.string().optional(),
  OPERATOR_VAT_ID: z.string().optional(),
  OPERATOR_HOSTER: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (value) => parseTrustedProxies(value) !== null,
      "must be a hop count (0–10) or a comma list of addresses/CIDR ranges",
    )
    .optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  TEST_FIXED_NOW: z.iso.datetime({ offset: true }).optional(),
  TEST_PUSH_SERVICE_URL: z
    .url()
    .refine(
      (value) => /^https?:\/\/(\d{1,3}(\.\d{1,3}){3}|\[[\da-f:.]+\])(:\d+)?\/?$/i.test(value),
      "must be an http(s) origin on an IP address, e.g. http://127.0.0.1:4100",
    )
    .optional(),
  TEST_FEED_SERVER_URL: z
    .url()
    .refine(
      (value) => /^https?:\/\/(\d{1,3}(\.\d{1,3}){3}|\[[\da-f:.]+\])(:\d+)?\/?$/i.test(value),
      "must be an http(s) origin on an IP address, e.g. http://127.0.0.1:4100",
    )
    .optional(),
  NEWSLETTER_SEND_HOUR: z.coerce.number().int().min(0).max(23).default(12),
  NEWSLETTER_MAILS_PER_SECOND: z.coerce.number().min(0).max(10_000).default(10),
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(10),
  TOP_EVENT_PRICE_PER_WEEK_CENTS: z.coerce.number().int().min(100).max(1_000_000).default(2_500),
  ADS_NEED_APPROVAL: z.enum(["true", "false"]).default("true"),
  VAT_MODE: z.enum(["small_business", "standard"]).default("small_business"),
  EVENTS_NEED_APPROVAL: z.enum(["true", "false"]).default("false"),
  SEED_DEMO_DATA: z.enum(["true", "false"]).default("true"),
  /** Web Push (decision 0187): unset → a key pair generated once into DATA_DIR/vapid-keys.json. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be an uncompressed P-256 public key, base64url")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key, base64url")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https: URL")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(1_000).default(4),
  IMAGE_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(3),
  WORKER_SEMI_SPACE_MB: z.coerce.number().int().min(1).max(64).default(2),
  WORKER_OLD_SPACE_MB: z.coerce.number().int().min(64).max(65_536).default(512),
});

function hostList(value: string): string[] {
  return value
    .split(",")
    .map((host) => host.trim())
    .filter((host) => host !== "");
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  publicUrl: string;
  /** More `Host` values the site answers as itself besides PUBLIC_URL's (ALLOWED_HOSTS). */
  allowedHosts: string[];
  dataDir: string;
  /** Where `react-router build` put the site (BUILD_DIR). */
  buildDir: string;
  databaseUrl: string | undefined;
  siteName: string;
  city: { name: string; lat: number; lng: number; timeZone: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Nominatim's search API or one like it, for typed-in places' coordinates (decision 0213);
   * unset → no geocoding, such places get the Route link by address only. */
  geocodingUrl: string | undefined;
  /** Stripe Checkout; unset → the sandbox provider. `apiUrl` points the SDK elsewhere (tests). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl: string | undefined;
      }
    | undefined;
  redisUrl: string | undefined;
  sentry: { dsn: string; environment: string } | undefined;
  tokenSecret: string;
  /** Web Push's VAPID identity (decision 0187): env or DATA_DIR/vapid-keys.json. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  social: { instagram?: string; tiktok?: string; facebook?: string; whatsapp?: string };
  /** Tracking services, loaded in the browser only after the visitor's consent. */
  analytics: { googleTagManagerId?: string; googleAnalyticsId?: string; clarityProjectId?: string };
  /** First-start defaults of who runs the site (Impressum, privacy policy); unset parts start
   * as demo values in the site settings. */
  operator: {
    name?: string;
    address?: string;
    email?: string;
    phone?: string;
    vatId?: string;
    hoster?: string;
  };
  /** First-start defaults of the promotion settings (the admin area's site settings). */
  promotion: { topEventPricePerWeekCents: number; adsNeedApproval: boolean };
  /** First-start default of how invoices treat VAT: the § 19 UStG note or 19 % (decision 0068). */
  billing: { vatMode: Env["VAT_MODE"] };
  /** First-start default: whether new organisers' events wait for an admin's approval. */
  moderation: { eventsNeedApproval: boolean };
  seedDemoData: boolean;
  /** Whose X-Forwarded-For names the client (TRUST_PROXY): false = nobody's, the connection's
   * address counts; a hop count; or the proxies' addresses/CIDR ranges. */
  trustProxy: TrustedProxies;
  /** Requests per minute and client address for every route; 0 turns this global limit off
   * (benchmarks). Stricter per-route limits (login, sign-ups) apply regardless. */
  rateLimitPerMinute: number;
  /** Seconds anonymous public pages are served from memory; 0 turns the page cache off. */
  pageCacheSeconds: number;
  /** A fixed clock for browser tests (TEST_FIXED_NOW, honoured only with NODE_ENV=test). */
  fixedNow: Date | undefined;
  /** The tests' local stand-in push service, an origin (TEST_PUSH_SERVICE_URL, honoured only
   * with NODE_ENV=test; decision 0199): endpoints there are accepted and reached besides the
   * known push services. */
  testPushService: string | undefined;
  /** The tests' local feed server, an origin (TEST_FEED_SERVER_URL, honoured only with
   * NODE_ENV=test; decisions 0199, 0235): calendar sources there are fetched although it is no
   * public address. */
  testFeedServer: string | undefined;
  /** The Thursday mailing: the hour it goes out (city time), its pace (0 = unpaced) and the
   * number of recipients claimed at a time. */
  newsletter: { sendHour: number; mailsPerSecond: number; batchSize: number };
  logLevel: Env["LOG_LEVEL"];
  /** HTTP worker processes (WEB_CONCURRENCY, decision 0191): 1 = one process serves everything;
   * more = a primary (database, jobs) and that many node:cluster workers sharing the port.
   * Default: the cores available in production, 1 in development and tests. */
  webConcurrency: number;
  /** Image work per process (decision 0198): images encoded at once (IMAGE_CONCURRENCY),
   * uploads that may wait beyond those before a 503 (IMAGE_QUEUE), and images each account may
   * upload an hour before a 429 (IMAGE_UPLOADS_PER_HOUR). */
  images: { concurrency: number; queue: number; uploadsPerHour: number };
  /** Database connections each HTTP worker keeps at most (DATABASE_POOL_SIZE, decisions 0209, 0256); the
   * process that runs the jobs keeps 10. Idle ones close after 10 s. The embedded PostgreSQL
   * allows what the site's pools need, plus some for operator commands. */
  databasePoolSize: number;
  /** V8's young generation of each HTTP worker, in MiB per semi-space (WORKER_SEMI_SPACE_MB,
   * decision 0209): the room a worker allocates in between minor collections. */
  workerSemiSpaceMb: number;
  /** V8's old generation limit of each HTTP worker, in MiB (WORKER_OLD_SPACE_MB, decision
   * 0249): with a limit set, V8 grows the heap by what the worker keeps, not by the machine's
   * memory. */
  workerOldSpaceMb: number;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line per bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, emptyToUndefined(value)]),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join(".");
      const value = source[name];
      return `${name}${value === undefined ? "" : `="${value}"`}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const env = result.data;
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
  if (stripeKeys === 1) {
    throw new ConfigError(
      "Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together",
    );
  }
  if (env.TEST_FIXED_NOW && env.NODE_ENV !== "test") {
    throw new ConfigError(
      "Invalid configuration: TEST_FIXED_NOW is only honoured with NODE_ENV=test",
    );
  }
  if (env.TEST_PUSH_SERVICE_URL && env.NODE_ENV !== "test") {
    throw new ConfigError(
      "Invalid configuration: TEST_PUSH_SERVICE_URL is only honoured with NODE_ENV=test",
    );
  }
  if (env.TEST_FEED_SERVER_URL && env.NODE_ENV !== "test") {
    throw new ConfigError(
      "Invalid configuration: TEST_FEED_SERVER_URL is only honoured with NODE_ENV=test",
    );
  }
  if (env.NODE_ENV === "development" && (env.WEB_CONCURRENCY ?? 1) > 1) {
    throw new ConfigError(
      "Invalid configuration: WEB_CONCURRENCY above 1 needs NODE_ENV=production (Vite's dev server runs in one process)",
    );
  }
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    );
  }
  return env;
}

/** Reads the token secret from DATA_DIR, creating it on first start. */
function loadOrCreateTokenSecret(dataDir: string): string {
  const file = path.join(dataDir, "token-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}

/** The bare address of a "Name <address>" sender. */
const mailAddressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/**
 * Reads the Web Push key pair (P-256, base64url like the browser's applicationServerKey) from
 * DATA_DIR, creating it on first start (file mode 0600).
 */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as {
      publicKey: string;
      privateKey: string;
    };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    // A private key with leading zero bytes comes back shorter; web-push wants all 32 bytes.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString("base64url"),
  };
  writeFileSync(file, JSON.stringify(keys) + "\n", { mode: 0o600, flag: "wx" });
  return keys;
}

export function buildConfig(env: Env): Config {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    allowedHosts: hostList(env.ALLOWED_HOSTS ?? ""),
    dataDir,
    buildDir: path.resolve(env.BUILD_DIR),
    databaseUrl: env.DATABASE_URL,
    siteName: env.SITE_NAME,
    city: { name: env.CITY_NAME, lat: env.CITY_LAT, lng: env.CITY_LNG, timeZone: env.TIMEZONE },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    geocodingUrl: env.GEOCODING_URL,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION ?? "auto",
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            publicUrl: env.S3_PUBLIC_URL,
          }
        : undefined,
    redisUrl: env.REDIS_URL,
    sentry: env.SENTRY_DSN
      ? { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT }
      : undefined,
    tokenSecret: env.TOKEN_SECRET ?? loadOrCreateTokenSecret(dataDir),
    vapid: {
      ...(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : loadOrCreateVapidKeys(dataDir)),
      subject: env.VAPID_SUBJECT ?? `mailto:${env.OPERATOR_EMAIL ?? mailAddressOf(env.MAIL_FROM)}`,
    },
    social: {
      instagram: env.SOCIAL_INSTAGRAM_URL,
      tiktok: env.SOCIAL_TIKTOK_URL,
      facebook: env.SOCIAL_FACEBOOK_URL,
      whatsapp: env.SOCIAL_WHATSAPP_URL,
    },
    analytics: {
      googleTagManagerId: env.GOOGLE_TAG_MANAGER_ID,
      googleAnalyticsId: env.GOOGLE_ANALYTICS_ID,
      clarityProjectId: env.CLARITY_PROJECT_ID,
    },
    operator: {
      name: env.OPERATOR_NAME,
      address: env.OPERATOR_ADDRESS,
      email: env.OPERATOR_EMAIL,
      phone: env.OPERATOR_PHONE,
      vatId: env.OPERATOR_VAT_ID,
      hoster: env.OPERATOR_HOSTER,
    },
    promotion: {
      topEventPricePerWeekCents: env.TOP_EVENT_PRICE_PER_WEEK_CENTS,
      adsNeedApproval: env.ADS_NEED_APPROVAL === "true",
    },
    billing: { vatMode: env.VAT_MODE },
    moderation: { eventsNeedApproval: env.EVENTS_NEED_APPROVAL === "true" },
    seedDemoData: env.SEED_DEMO_DATA === "true",
    trustProxy: parseTrustedProxies(env.TRUST_PROXY) ?? false,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    fixedNow: env.TEST_FIXED_NOW ? new Date(env.TEST_FIXED_NOW) : undefined,
    testPushService: env.TEST_PUSH_SERVICE_URL
      ? new URL(env.TEST_PUSH_SERVICE_URL).origin
      : undefined,
    testFeedServer: env.TEST_FEED_SERVER_URL ? new URL(env.TEST_FEED_SERVER_URL).origin : undefined,
    newsletter: {
      sendHour: env.NEWSLETTER_SEND_HOUR,
      mailsPerSecond: env.NEWSLETTER_MAILS_PER_SECOND,
      batchSize: env.NEWSLETTER_BATCH_SIZE,
    },
    logLevel: env.LOG_LEVEL,
    webConcurrency:
      env.WEB_CONCURRENCY ?? (env.NODE_ENV === "production" ? os.availableParallelism() : 1),
    images: {
      concurrency: env.IMAGE_CONCURRENCY,
      queue: env.IMAGE_QUEUE,
      uploadsPerHour: env.IMAGE_UPLOADS_PER_HOUR,
    },
    databasePoolSize: env.DATABASE_POOL_SIZE,
    workerSemiSpaceMb: env.WORKER_SEMI_SPACE_MB,
    workerOldSpaceMb: env.WORKER_OLD_SPACE_MB,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return buildConfig(parseEnv(source));
}
