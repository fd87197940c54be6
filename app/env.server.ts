// The only reader of process.env. Validated once at start-up, with a message naming any bad variable.

import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { PRODUCT_NAME } from "~/lib/brand";
import { DEFAULT_TIME_ZONE, isTimeZone } from "~/lib/site-time";

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["true", "1", "yes"].includes(v)));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default 0.0.0.0; the development server stays on this machine (127.0.0.1) unless HOST says otherwise. */
  HOST: optionalText,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  BASE_URL: optionalText.pipe(z.url({ message: "must be an absolute http(s) URL" }).optional()),
  // better-auth stores emails lower-cased; "Admin@Example.com" would otherwise never match the stored admin.
  ADMIN_EMAIL: optionalText
    .pipe(z.email({ message: "must be an email address" }).optional())
    .transform((v) => v?.toLowerCase()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, "must be at least 6 characters").optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SEED_DEMO: boolish,
  PRODUCT_SIGNUP_URL: optionalText.pipe(z.url({ message: "must be an absolute http(s) URL" }).optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: optionalText,
  /** Multiplies every public rate limit (tests raise it; 0 disables them). */
  RATE_LIMIT_FACTOR: z.coerce.number().min(0).default(1),
  /** Outgoing mail (password reset, notifications), e.g. smtp://user:pass@mail.example.com:587. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: optionalText,
  /** Uploads go to this S3-compatible bucket when set (else to DATA_DIR/uploads). */
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  /** e.g. https://s3.eu-central-1.amazonaws.com, or a MinIO / R2 endpoint (path-style addressing). */
  S3_ENDPOINT: optionalText.pipe(z.url({ message: "must be an absolute http(s) URL" }).optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Content API requests per key per minute (before RATE_LIMIT_FACTOR). */
  CONTENT_API_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** Lets webhook endpoints resolve to private, loopback or link-local addresses (SSRF guard off). */
  WEBHOOK_ALLOW_PRIVATE: boolish,
  /** A public form sent sooner than this after it became usable is held as suspected spam (tests lower it). */
  LEAD_MIN_FILL_MS: z.coerce.number().int().min(0).default(2000),
  /** false: this instance does not deliver the outbox (another one does). */
  OUTBOX_WORKER: boolish,
  /** The page cache's budget in MB: bodies, their gzip copies and headers together (ADR 028). */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Days raw analytics page views are kept; the daily roll-ups are kept for good. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /** Newsletter messages per second this instance sends at most (0: no limit); the Newsletters screen may lower it. */
  NEWSLETTER_RATE: z.coerce.number().min(0).max(10_000).default(100),
  /** SMTP connections a newsletter send keeps open at once. */
  NEWSLETTER_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(4),
  /** How long a claim on newsletter recipients lasts: a dead instance's claimed recipients are sent after it. */
  NEWSLETTER_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
  /** false: this instance sends no newsletters (another one does). */
  NEWSLETTER_WORKER: boolish,
  /** Hosts Amazon SNS signing certificates may be fetched from (a regular expression; tests serve their own). */
  SNS_CERT_HOST: optionalText,
  /** The SNS topics (ARNs, comma-separated) whose bounce and complaint notices are believed; none: no SES notices. */
  SES_SNS_TOPIC_ARNS: optionalText,
  /** The shared secret of the Postmark bounce webhook (HTTP basic auth password, user "postmark"). */
  POSTMARK_WEBHOOK_SECRET: optionalText,
  /** Where a built form's captcha answer is verified (default: the provider's own siteverify; tests serve their own). */
  CAPTCHA_VERIFY_URL: optionalText.pipe(z.url({ message: "must be an absolute http(s) URL" }).optional()),
  /** The bearer token that reads /metrics (none: only from this machine, server/metrics.ts). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** The time zone publication times are shown and entered in, in the back office (an IANA name). */
  SITE_TIME_ZONE: optionalText.pipe(
    z
      .string()
      .refine(isTimeZone, "must be a time zone name such as UTC, Europe/Berlin or America/New_York")
      .optional(),
  ),
  /** A folder for the daily backup (and "Back up now"); unset: no scheduled backups. */
  BACKUP_DIR: optionalText,
  /** The hour of the day (0–23, in SITE_TIME_ZONE) the daily backup is made. */
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
});

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseUrl: string;
  /** A deployment at a public address (BASE_URL not on localhost): strict rules apply. */
  isDeployed: boolean;
  adminEmail: string;
  adminPassword: string | undefined;
  authSecret: string | undefined;
  seedDemo: boolean;
  productSignupUrl: string;
  logLevel: string;
  /**
   * Which X-Forwarded-For hops to believe, in Express's "trust proxy" terms: false (none: the socket's address is
   * the client), a number of proxies in front, or the proxies' addresses / CIDR ranges / Express's named ranges.
   */
  trustProxy: false | number | string[];
  rateLimitFactor: number;
  /** SMTP connection URL; mail features are off without it. */
  smtpUrl: string | undefined;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  /** Set when uploads go to an S3-compatible bucket. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
      }
    | undefined;
  contentApiRateLimit: number;
  webhookAllowPrivate: boolean;
  outboxWorker: boolean;
  leadMinFillMs: number;
  analyticsRetentionDays: number;
  /** The page cache's budget in bytes. */
  pageCacheBytes: number;
  /** The back office's time zone for publication times (ADR 023) and the backup hour. */
  siteTimeZone: string;
  /** The bearer token that reads /metrics; undefined: readable from loopback only (ADR 052). */
  metricsToken: string | undefined;
  /** Replaces the captcha provider's verification endpoint (tests); undefined: the provider's own. */
  captchaVerifyUrl: string | undefined;
  /** Scheduled backups (ADR 053): the folder (absolute; undefined: off) and the hour of the day. */
  backup: { dir: string | undefined; hour: number };
  newsletter: {
    /** Messages per second at most (0: no limit). */
    rate: number;
    connections: number;
    leaseMs: number;
    worker: boolean;
    /** Which hosts may serve SNS signing certificates (matched against the whole host name). */
    snsCertHost: RegExp;
    /** The SNS topics whose messages are believed (empty: none). */
    snsTopicArns: string[];
    postmarkSecret: string | undefined;
  };
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Names Express's "trust proxy" (proxy-addr) accepts for well-known ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/false/0 trusts nobody; a whole number trusts that many proxies in front of the server; a
 * comma-separated list trusts those proxy addresses. The old "true" (believe the left-most X-Forwarded-For, which
 * the client writes itself) is refused rather than guessed at, so an upgrade cannot silently change who is who.
 */
function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.toLowerCase();
  if (value === undefined || value === "false" || value === "no" || value === "0") return false;
  if (value === "true" || value === "yes") {
    throw new EnvError(
      'Invalid environment configuration:\n  - TRUST_PROXY: "true" would trust any X-Forwarded-For a client ' +
        "sends. Set the number of proxies in front of the server (e.g. 1 for one nginx), or their addresses " +
        "(e.g. loopback, or 10.0.0.0/8 for a load balancer's network).",
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length || !entries.length) {
    throw new EnvError(
      `Invalid environment configuration:\n  - TRUST_PROXY: ${bad.map((b) => `"${b}"`).join(", ") || "empty list"} ` +
        "is not a proxy count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal",
    );
  }
  return entries;
}

/** Amazon's SNS hosts: sns.<region>.amazonaws.com, and sns.<region>.amazonaws.com.cn in China. */
const SNS_HOSTS = /^sns\.[a-z0-9-]+\.amazonaws\.com(?:\.cn)?$/;

/**
 * SNS_CERT_HOST: a pattern for the whole host name. It is anchored here whatever was written, so
 * "sns\.[a-z0-9-]+\.amazonaws\.com" cannot match sns.us-east-1.amazonaws.com.evil.com.
 */
function parseSnsCertHost(raw: string | undefined): RegExp {
  if (!raw) return SNS_HOSTS;
  try {
    return new RegExp(`^(?:${raw})$`);
  } catch {
    throw new EnvError("Invalid environment configuration:\n  - SNS_CERT_HOST: not a regular expression");
  }
}

/** An SNS topic ARN: partition, region, 12-digit account, topic name (a FIFO topic's ends in .fifo). */
const TOPIC_ARN = /^arn:aws(?:-cn|-us-gov)?:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}(?:\.fifo)?$/;

/** SES_SNS_TOPIC_ARNS: comma-separated topic ARNs, blanks ignored; anything else is named. */
function parseTopicArns(raw: string | undefined): string[] {
  const arns = (raw ?? "")
    .split(",")
    .map((arn) => arn.trim())
    .filter(Boolean);
  const bad = arns.filter((arn) => !TOPIC_ARN.test(arn));
  if (bad.length) {
    throw new EnvError(
      `Invalid environment configuration:\n  - SES_SNS_TOPIC_ARNS: ${bad.map((b) => `"${b}"`).join(", ")} ` +
        "is not an SNS topic ARN (arn:aws:sns:<region>:<account>:<topic>)",
    );
  }
  return [...new Set(arns)];
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Vite and Vitest set BASE_URL="/" (their public base path) in the environment; that is not ours.
  const result = schema.safeParse(source.BASE_URL === "/" ? { ...source, BASE_URL: undefined } : source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, "");
  const isDeployed = !LOCAL_HOSTS.has(new URL(baseUrl).hostname);
  if (isDeployed && !e.ADMIN_EMAIL) {
    throw new EnvError(
      "Invalid environment configuration:\n  - ADMIN_EMAIL: required when BASE_URL is a public address " +
        `(${baseUrl}); set it to the administrator's email`,
    );
  }
  // Without AUTH_SECRET the signing secret is generated and kept in the database, so a copy of the database
  // (a backup, a dump) would be enough to forge the administrator's session cookies.
  if (isDeployed && !e.AUTH_SECRET) {
    throw new EnvError(
      "Invalid environment configuration:\n  - AUTH_SECRET: required when BASE_URL is a public address " +
        `(${baseUrl}); generate one with \`openssl rand -base64 32\``,
    );
  }
  const snsCertHost = parseSnsCertHost(e.SNS_CERT_HOST);
  const snsTopicArns = parseTopicArns(e.SES_SNS_TOPIC_ARNS);
  if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError(
      "Invalid environment configuration:\n  - S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set",
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === "development" ? "127.0.0.1" : "0.0.0.0"),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    baseUrl,
    isDeployed,
    adminEmail: e.ADMIN_EMAIL ?? "admin@example.com",
    adminPassword: e.ADMIN_PASSWORD,
    authSecret: e.AUTH_SECRET,
    seedDemo: e.SEED_DEMO ?? true,
    productSignupUrl: e.PRODUCT_SIGNUP_URL ?? "https://app.asimov.example/signup",
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${PRODUCT_NAME} <no-reply@${new URL(baseUrl).hostname}>`,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? "us-east-1",
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    contentApiRateLimit: e.CONTENT_API_RATE_LIMIT,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? false,
    outboxWorker: e.OUTBOX_WORKER ?? true,
    leadMinFillMs: e.LEAD_MIN_FILL_MS,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    siteTimeZone: e.SITE_TIME_ZONE ?? DEFAULT_TIME_ZONE,
    metricsToken: e.METRICS_TOKEN,
    captchaVerifyUrl: e.CAPTCHA_VERIFY_URL,
    backup: { dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined, hour: e.BACKUP_HOUR },
    newsletter: {
      rate: e.NEWSLETTER_RATE,
      connections: e.NEWSLETTER_CONNECTIONS,
      leaseMs: e.NEWSLETTER_LEASE_SECONDS * 1000,
      worker: e.NEWSLETTER_WORKER ?? true,
      snsCertHost,
      snsTopicArns,
      postmarkSecret: e.POSTMARK_WEBHOOK_SECRET,
    },
  };
}

/**
 * LOG_LEVEL for the logger made as its module loads, before the whole environment is validated: a valid level or
 * "info". `configureLogger` applies the validated one at start-up.
 */
export function initialLogLevel(source: Record<string, string | undefined> = process.env): string {
  const level = schema.shape.LOG_LEVEL.safeParse(source.LOG_LEVEL);
  return level.success ? level.data : "info";
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
