import path from "node:path";
import { loadTrafficLimits, type TrafficLimits } from "./config-traffic.js";
import { type CustomDomainsConfig, loadCustomDomainsConfig } from "./config-custom-domains.js";
import { type KnowledgeConfig, loadKnowledgeConfig } from "./config-knowledge.js";
import { ConfigError, hostList, parsePositive } from "./config-values.js";

/** scrypt's N for new password hashes unless PARLEY_PASSWORD_HASH_COST says otherwise (OWASP's 2^15). */
export const DEFAULT_PASSWORD_HASH_COST = 2 ** 15;

export { ConfigError };
export type { CustomDomainsConfig };

/** Everything the server reads from its environment, parsed once at start-up. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /**
   * PUBLIC_URL: the address users and outside services reach this server at; defaults to
   * http://localhost:<port>. Every URL Parley gives away (links in e-mails, webhook URLs registered with
   * messaging apps, the Google OAuth redirect) is built from it, never from a request's Host header.
   */
  publicUrl: string;
  /** Whether PUBLIC_URL was set: without it, nothing outside this machine could call the default address. */
  publicUrlConfigured: boolean;
  /** Idle chat sessions expire after this many hours unless the bot sets its own expiry. */
  sessionExpiryHours: number;
  /** PARLEY_SANDBOX_TIMEOUT_MS: how long bot code may run (Custom values, Code blocks, inline `{{= =}}`). */
  sandboxTimeoutMs: number;
  /** PARLEY_SANDBOX_MEMORY_MB: the heap one run of bot code may use. */
  sandboxMemoryMb: number;
  /** PARLEY_SANDBOX_WORKERS: worker threads that run bot code; 0 → on the server's own thread. */
  sandboxWorkers: number;
  /** PARLEY_ENCRYPTION_SECRET; unset → a key generated into `<dataDir>/encryption.key` on first start. */
  encryptionSecret: string | undefined;
  /** PARLEY_HTTP_ALLOWED_HOSTS: `host[:port]` entries that bots may reach although they resolve to private addresses. */
  httpAllowedHosts: string[];
  /** PARLEY_HTTP_SSRF_GUARD=off turns the private-address guard off (trusted networks only). */
  ssrfGuard: boolean;
  /** SMTP_URL / SMTP_FROM: the instance's own mail server, used by Email blocks without credentials. */
  smtpUrl: string | undefined;
  smtpFrom: string | undefined;
  /** PARLEY_ZENDESK_WIDGET_URL: the script of Zendesk's messaging widget (a test points it at a local fake). */
  zendeskWidgetUrl: string;
  /** PARLEY_UPLOAD_LIMIT_MB: the largest file a visitor may upload, in bytes (10 MiB when unset or not a positive number). */
  uploadLimitBytes: number;
  /** PARLEY_SQLITE_SYNCHRONOUS=FULL: every embedded-database commit waits for the disk (NORMAL otherwise). */
  sqliteSynchronous: "NORMAL" | "FULL";
  /** PARLEY_VERSIONS_KEPT: published versions kept per bot (0 or unset: all); those in use are always kept. */
  versionsKept: number;
  /** Limits that keep one visitor, session or slow flow from taking the instance down (issue 10). */
  protection: ProtectionConfig;
  /** PARLEY_METRICS=on serves GET /metrics (Prometheus); PARLEY_METRICS_TOKEN then requires `Bearer <token>`. */
  metrics: { enabled: boolean; token: string | undefined };
  /** Sizes of what bots and visitors may make the server keep (issue 15; README "Security"). */
  limits: SizeLimits;
  /**
   * PARLEY_CHECK_RESPONSES=on: every API answer is checked against its route's response schema, and one
   * that does not match becomes a 500 naming the difference. The test servers turn it on; off by default.
   */
  checkResponses: boolean;
  /** Work done after commit: e-mails of chat turns (issue 20; README "Work after commit"). */
  outbox: OutboxConfig;
  /** Messaging apps' API base URLs (issue 21): PARLEY_WHATSAPP_API_URL (Graph API, version included) and PARLEY_TELEGRAM_API_URL. */
  channels: { whatsappApiUrl: string; telegramApiUrl: string; idlePollMs: number };
  /** The instance's Google OAuth client and Google's endpoints (Google Sheets and Gmail blocks; README "Google"). */
  google: GoogleConfig;
  /** Where uploads and generated files are kept (README "File storage"). */
  storage: StorageConfig;
  /** Request timeouts, open event streams, messaging-app webhooks and turns (issue 31; docs/security.md). */
  traffic: TrafficLimits;
  /** Bots' custom domains (docs/security.md "Custom domains"). */
  customDomains: CustomDomainsConfig;
  /** Knowledge bases' document limits and indexing (docs/knowledge-bases.md). */
  knowledge: KnowledgeConfig;
};

/**
 * PARLEY_FILE_STORAGE=local|database|s3; unset → s3 when the S3_* variables are set, else database
 * on PostgreSQL (DATABASE_URL), else local (`<PARLEY_DATA_DIR>/uploads`).
 */
export type StorageConfig = { kind: "local" } | { kind: "database" } | { kind: "s3"; s3: S3Config };

export type S3Config = {
  /** S3_ENDPOINT: the server's base URL (https://s3.eu-west-1.amazonaws.com, http://minio:9000…). */
  endpoint: string;
  /** S3_BUCKET: an existing bucket. */
  bucket: string;
  /** S3_ACCESS_KEY / S3_SECRET_KEY. */
  accessKey: string;
  secretKey: string;
  /** S3_REGION. */
  region: string;
  /** Buckets addressed as a path (every endpoint but AWS's own, whose buckets are host names). */
  forcePathStyle: boolean;
};

export type OutboxConfig = {
  /** PARLEY_OUTBOX_WORKER=off: this instance stores outbox items but leaves their delivery to others. */
  worker: boolean;
  /** PARLEY_OUTBOX_POLL_MS: how often to look for due items (new ones of this instance go at once). */
  pollMs: number;
  /** PARLEY_OUTBOX_RETRY_BASE_MS / _MAX_MS: the first back-off after a failure, doubling up to the max. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** PARLEY_OUTBOX_RETRY_HOURS: how long an item is retried before it fails for good (24). */
  retryForMs: number;
  /**
   * PARLEY_OUTBOX_LEASE_MARGIN_MS: a claimed item is leased for its attempt's time limit plus this; an
   * item whose instance died while working on it is due again then (PostgreSQL; the embedded database
   * retries at once at the next start, its file being one process's).
   */
  leaseMarginMs: number;
  /** PARLEY_OUTBOX_CONCURRENCY: deliveries (webhooks and other outside calls) under way at once. */
  deliveryConcurrency: number;
  /** PARLEY_OUTBOX_EMAIL_CONCURRENCY: e-mails under way at once, in a pool of their own. */
  emailConcurrency: number;
  /** PARLEY_OUTBOX_PER_DESTINATION: deliveries under way at once to one host. */
  perDestination: number;
  /** PARLEY_OUTBOX_PER_WORKSPACE: items of one workspace under way at once, per pool. */
  perWorkspace: number;
  /** PARLEY_OUTBOX_CIRCUIT_FAILURES / _OPEN_MS: failures in a row that stop a destination, and for how long. */
  circuitFailures: number;
  circuitOpenMs: number;
  /** PARLEY_RATE_LIMIT_WEBHOOK_TESTS_PER_MINUTE: test events one workspace may send; 0 → no limit. */
  webhookTestsPerMinute: number;
};

export type GoogleConfig = {
  /** GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET; unset → the builder explains how to set them up. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** PARLEY_GOOGLE_AUTH_URL: the consent page. */
  authUrl: string;
  /** PARLEY_GOOGLE_TOKEN_URL: code exchange and token refresh. */
  tokenUrl: string;
  /** PARLEY_GOOGLE_SHEETS_API_URL: the Sheets API v4 root (…/v4/spreadsheets is appended). */
  sheetsApiUrl: string;
  /** PARLEY_GMAIL_API_URL: the Gmail API root (…/gmail/v1/users/me is appended). */
  gmailApiUrl: string;
};

export type SizeLimits = {
  /** PARLEY_SANDBOX_MAX_VALUE_BYTES: the largest value bot code may hand out (result or setVariable). */
  sandboxValueBytes: number;
  /** PARLEY_MAX_VARIABLE_BYTES: the largest value one variable may take, whatever sets it. */
  variableBytes: number;
  /** PARLEY_MAX_SESSION_BYTES: the largest stored state of one chat session. */
  sessionBytes: number;
  /** PARLEY_MAX_TEXT_REPLY_LENGTH: characters of a reply to a text input. */
  textReplyLength: number;
  /** PARLEY_MAX_SHORT_REPLY_LENGTH: characters of a reply to any other input (phone, date, number…). */
  shortReplyLength: number;
  /** PARLEY_UPLOAD_MAX_SESSION_MB: the total size of the files one session may upload, in bytes. */
  uploadSessionBytes: number;
};

export type ProtectionConfig = {
  /** Requests per minute; 0 turns that limit off. */
  rateLimits: { startPerIp: number; continuePerSession: number; continuePerIp: number };
  /** REDIS_URL: rate-limit counters shared by every instance; unset → counted in process memory. */
  redisUrl: string | undefined;
  /** PARLEY_REDIS_PREFIX: namespaces the keys when several deployments share one Redis. */
  redisPrefix: string;
  /** PARLEY_TRUST_PROXY: whose X-Forwarded-For to believe when telling visitors' addresses apart. */
  trustProxy: boolean | number | string[];
  /** PARLEY_CHAT_TURN_TIMEOUT_MS: the longest one chat turn may run; 0 → no limit. */
  chatTurnTimeoutMs: number;
  /** PARLEY_RATE_LIMIT_BOT_TEST_RUNS_PER_MINUTE: runs of a bot's tests per user and per workspace; 0 → no limit. */
  botTestRunsPerMinute: number;
  /** PARLEY_BOT_TEST_RUN_CONCURRENCY: test runs at once on this instance, each with one sandbox worker. */
  botTestRunConcurrency: number;
  /** PARLEY_BOT_TEST_RUN_TIMEOUT_MS: the longest one run of a bot's tests may take. */
  botTestRunTimeoutMs: number;
  /** PARLEY_MAX_SESSIONS_PER_RESULT: open sessions one remembered result may have; 0 → no limit. */
  maxSessionsPerResult: number;
  /**
   * PARLEY_PASSWORD_HASH_COST: scrypt's N for new password hashes (a power of two, 1024 or more). Each
   * stored hash carries its own, so changing it never invalidates a password.
   */
  passwordHashCost: number;
};

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${value}"`);
  return port;
}

function parseSwitch(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (/^(on|true|1)$/i.test(value)) return true;
  if (/^(off|false|0)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be "on" or "off", got "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.PORT, 3000);
  const host = env.HOST || "127.0.0.1";
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, got "${databaseUrl}"`);
  const displayHost = host === "0.0.0.0" || host === "127.0.0.1" || host === "::" ? "localhost" : host;
  return {
    port,
    host,
    dataDir: path.resolve(env.PARLEY_DATA_DIR || "data"),
    databaseUrl,
    logLevel: env.LOG_LEVEL || "info",
    sessionExpiryHours: parsePositive(env.PARLEY_SESSION_EXPIRY_HOURS, "PARLEY_SESSION_EXPIRY_HOURS", 24),
    sandboxTimeoutMs: parsePositive(env.PARLEY_SANDBOX_TIMEOUT_MS, "PARLEY_SANDBOX_TIMEOUT_MS", 2000),
    sandboxMemoryMb: parsePositive(env.PARLEY_SANDBOX_MEMORY_MB, "PARLEY_SANDBOX_MEMORY_MB", 32),
    sandboxWorkers: parseCount(env.PARLEY_SANDBOX_WORKERS, "PARLEY_SANDBOX_WORKERS", 2),
    publicUrl: (env.PUBLIC_URL || `http://${displayHost}:${port}`).replace(/\/$/, ""),
    publicUrlConfigured: Boolean(env.PUBLIC_URL),
    encryptionSecret: env.PARLEY_ENCRYPTION_SECRET || undefined,
    httpAllowedHosts: hostList(env.PARLEY_HTTP_ALLOWED_HOSTS),
    ssrfGuard: parseSwitch(env.PARLEY_HTTP_SSRF_GUARD, "PARLEY_HTTP_SSRF_GUARD", true),
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || undefined,
    zendeskWidgetUrl: env.PARLEY_ZENDESK_WIDGET_URL || "https://static.zdassets.com/ekr/snippet.js",
    uploadLimitBytes: parseUploadLimit(env.PARLEY_UPLOAD_LIMIT_MB),
    sqliteSynchronous: env.PARLEY_SQLITE_SYNCHRONOUS === "FULL" ? "FULL" : "NORMAL",
    versionsKept: parseCount(env.PARLEY_VERSIONS_KEPT, "PARLEY_VERSIONS_KEPT", 0),
    protection: loadProtectionConfig(env),
    metrics: {
      enabled: parseSwitch(env.PARLEY_METRICS, "PARLEY_METRICS", false),
      token: env.PARLEY_METRICS_TOKEN || undefined,
    },
    limits: loadSizeLimits(env),
    checkResponses: parseSwitch(env.PARLEY_CHECK_RESPONSES, "PARLEY_CHECK_RESPONSES", false),
    outbox: loadOutboxConfig(env),
    channels: {
      whatsappApiUrl: (env.PARLEY_WHATSAPP_API_URL || "https://graph.facebook.com/v21.0").replace(/\/$/, ""),
      telegramApiUrl: (env.PARLEY_TELEGRAM_API_URL || "https://api.telegram.org").replace(/\/$/, ""),
      // PARLEY_IDLE_POLL_MS: how often the server looks for messaging-app idle timeouts that are due.
      idlePollMs: parsePositive(env.PARLEY_IDLE_POLL_MS, "PARLEY_IDLE_POLL_MS", 1000),
    },
    google: loadGoogleConfig(env),
    storage: loadStorageConfig(env, databaseUrl),
    traffic: loadTrafficLimits(env),
    customDomains: loadCustomDomainsConfig(env),
    knowledge: loadKnowledgeConfig(env),
  };
}

const S3_VARIABLES = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY", "S3_SECRET_KEY", "S3_REGION"] as const;

function loadStorageConfig(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): StorageConfig {
  const chosen = env.PARLEY_FILE_STORAGE || undefined;
  if (chosen && !["local", "database", "s3"].includes(chosen))
    throw new ConfigError(`PARLEY_FILE_STORAGE must be "local", "database" or "s3", got "${chosen}"`);
  const anyS3 = S3_VARIABLES.some((name) => env[name]);
  if (chosen === "database" && !databaseUrl)
    throw new ConfigError('PARLEY_FILE_STORAGE "database" needs PostgreSQL: set DATABASE_URL');
  if (chosen === "s3" || (chosen === undefined && anyS3)) return { kind: "s3", s3: loadS3Config(env) };
  if (anyS3 && chosen)
    throw new ConfigError(`PARLEY_FILE_STORAGE is "${chosen}" but S3_* variables are set: unset them or choose "s3"`);
  if (chosen === "local" || !databaseUrl) return { kind: "local" };
  return { kind: "database" };
}

function loadS3Config(env: NodeJS.ProcessEnv): S3Config {
  const missing = S3_VARIABLES.filter((name) => !env[name]);
  if (missing.length > 0)
    throw new ConfigError(`File storage in S3 needs ${S3_VARIABLES.join(", ")}; missing: ${missing.join(", ")}`);
  const endpoint = String(env.S3_ENDPOINT);
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ConfigError(`S3_ENDPOINT must be a URL such as https://s3.eu-west-1.amazonaws.com, got "${endpoint}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username)
    throw new ConfigError(
      `S3_ENDPOINT must be an http:// or https:// URL without query or credentials, got "${endpoint}"`,
    );
  const bucket = String(env.S3_BUCKET);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(
      `S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), got "${bucket}"`,
    );
  const region = String(env.S3_REGION);
  if (!/^[a-z0-9-]+$/.test(region))
    throw new ConfigError(`S3_REGION must be a region name such as us-east-1, got "${region}"`);
  return {
    endpoint: endpoint.replace(/\/$/, ""),
    bucket,
    accessKey: String(env.S3_ACCESS_KEY),
    secretKey: String(env.S3_SECRET_KEY),
    region,
    forcePathStyle: !/(^|\.)amazonaws\.com$/.test(url.hostname),
  };
}

function loadGoogleConfig(env: NodeJS.ProcessEnv): GoogleConfig {
  const url = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/$/, "");
  return {
    clientId: env.GOOGLE_CLIENT_ID || undefined,
    clientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    authUrl: url(env.PARLEY_GOOGLE_AUTH_URL, "https://accounts.google.com/o/oauth2/v2/auth"),
    tokenUrl: url(env.PARLEY_GOOGLE_TOKEN_URL, "https://oauth2.googleapis.com/token"),
    sheetsApiUrl: url(env.PARLEY_GOOGLE_SHEETS_API_URL, "https://sheets.googleapis.com"),
    gmailApiUrl: url(env.PARLEY_GMAIL_API_URL, "https://gmail.googleapis.com"),
  };
}

function loadSizeLimits(env: NodeJS.ProcessEnv): SizeLimits {
  const MiB = 1024 * 1024;
  return {
    sandboxValueBytes: parsePositive(env.PARLEY_SANDBOX_MAX_VALUE_BYTES, "PARLEY_SANDBOX_MAX_VALUE_BYTES", MiB),
    variableBytes: parsePositive(env.PARLEY_MAX_VARIABLE_BYTES, "PARLEY_MAX_VARIABLE_BYTES", MiB),
    sessionBytes: parsePositive(env.PARLEY_MAX_SESSION_BYTES, "PARLEY_MAX_SESSION_BYTES", 4 * MiB),
    textReplyLength: parsePositive(env.PARLEY_MAX_TEXT_REPLY_LENGTH, "PARLEY_MAX_TEXT_REPLY_LENGTH", 10_000),
    shortReplyLength: parsePositive(env.PARLEY_MAX_SHORT_REPLY_LENGTH, "PARLEY_MAX_SHORT_REPLY_LENGTH", 500),
    uploadSessionBytes: Math.round(
      parsePositive(env.PARLEY_UPLOAD_MAX_SESSION_MB, "PARLEY_UPLOAD_MAX_SESSION_MB", 50) * MiB,
    ),
  };
}

const DEFAULT_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

// Lenient on purpose (as it always was): a value that is not a positive number means the default.
function parseUploadLimit(value: string | undefined): number {
  const megabytes = Number(value);
  return Number.isFinite(megabytes) && megabytes > 0 ? Math.floor(megabytes * 1024 * 1024) : DEFAULT_UPLOAD_LIMIT_BYTES;
}

function parsePasswordHashCost(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_PASSWORD_HASH_COST;
  const cost = Number(value);
  // scrypt needs a power of two; below 1024 a hash would be cheap enough to guess at.
  if (!Number.isInteger(cost) || cost < 1024 || cost > 2 ** 20 || (cost & (cost - 1)) !== 0)
    throw new ConfigError(`PARLEY_PASSWORD_HASH_COST must be a power of two from 1024 to 1048576, got "${value}"`);
  return cost;
}

function parseCount(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new ConfigError(`${name} must be a whole number (0 turns it off), got "${value}"`);
  return parsed;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === "" || /^(off|false)$/i.test(value)) return false;
  if (/^(on|true)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.some((entry) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry)))
    throw new ConfigError(
      `PARLEY_TRUST_PROXY must be "on", "off", a number of proxy hops or comma-separated proxy addresses, got "${value}"`,
    );
  return entries;
}

function loadOutboxConfig(env: NodeJS.ProcessEnv): OutboxConfig {
  return {
    worker: parseSwitch(env.PARLEY_OUTBOX_WORKER, "PARLEY_OUTBOX_WORKER", true),
    pollMs: parsePositive(env.PARLEY_OUTBOX_POLL_MS, "PARLEY_OUTBOX_POLL_MS", 1000),
    retryBaseMs: parsePositive(env.PARLEY_OUTBOX_RETRY_BASE_MS, "PARLEY_OUTBOX_RETRY_BASE_MS", 30_000),
    retryMaxMs: parsePositive(env.PARLEY_OUTBOX_RETRY_MAX_MS, "PARLEY_OUTBOX_RETRY_MAX_MS", 3_600_000),
    retryForMs: parsePositive(env.PARLEY_OUTBOX_RETRY_HOURS, "PARLEY_OUTBOX_RETRY_HOURS", 24) * 3_600_000,
    leaseMarginMs: parsePositive(env.PARLEY_OUTBOX_LEASE_MARGIN_MS, "PARLEY_OUTBOX_LEASE_MARGIN_MS", 15_000),
    deliveryConcurrency: parsePositive(env.PARLEY_OUTBOX_CONCURRENCY, "PARLEY_OUTBOX_CONCURRENCY", 16),
    emailConcurrency: parsePositive(env.PARLEY_OUTBOX_EMAIL_CONCURRENCY, "PARLEY_OUTBOX_EMAIL_CONCURRENCY", 4),
    perDestination: parsePositive(env.PARLEY_OUTBOX_PER_DESTINATION, "PARLEY_OUTBOX_PER_DESTINATION", 4),
    perWorkspace: parsePositive(env.PARLEY_OUTBOX_PER_WORKSPACE, "PARLEY_OUTBOX_PER_WORKSPACE", 8),
    circuitFailures: parsePositive(env.PARLEY_OUTBOX_CIRCUIT_FAILURES, "PARLEY_OUTBOX_CIRCUIT_FAILURES", 5),
    circuitOpenMs: parsePositive(env.PARLEY_OUTBOX_CIRCUIT_OPEN_MS, "PARLEY_OUTBOX_CIRCUIT_OPEN_MS", 60_000),
    webhookTestsPerMinute: parseCount(
      env.PARLEY_RATE_LIMIT_WEBHOOK_TESTS_PER_MINUTE,
      "PARLEY_RATE_LIMIT_WEBHOOK_TESTS_PER_MINUTE",
      10,
    ),
  };
}

function loadProtectionConfig(env: NodeJS.ProcessEnv): ProtectionConfig {
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\/[^/]/.test(redisUrl))
    throw new ConfigError(
      `REDIS_URL must look like redis://host:6379 (or rediss:// for TLS), got "${redisUrl.replace(/:[^:@/]*@/, ":***@")}"`,
    );
  return {
    rateLimits: {
      startPerIp: parseCount(env.PARLEY_RATE_LIMIT_START_PER_MINUTE, "PARLEY_RATE_LIMIT_START_PER_MINUTE", 60),
      continuePerSession: parseCount(
        env.PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE,
        "PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE",
        120,
      ),
      continuePerIp: parseCount(
        env.PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE,
        "PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE",
        600,
      ),
    },
    redisUrl,
    redisPrefix: env.PARLEY_REDIS_PREFIX ?? "parley:",
    trustProxy: parseTrustProxy(env.PARLEY_TRUST_PROXY),
    chatTurnTimeoutMs: parseCount(env.PARLEY_CHAT_TURN_TIMEOUT_MS, "PARLEY_CHAT_TURN_TIMEOUT_MS", 20_000),
    botTestRunsPerMinute: parseCount(
      env.PARLEY_RATE_LIMIT_BOT_TEST_RUNS_PER_MINUTE,
      "PARLEY_RATE_LIMIT_BOT_TEST_RUNS_PER_MINUTE",
      10,
    ),
    botTestRunConcurrency: Math.ceil(
      parsePositive(env.PARLEY_BOT_TEST_RUN_CONCURRENCY, "PARLEY_BOT_TEST_RUN_CONCURRENCY", 2),
    ),
    botTestRunTimeoutMs: parsePositive(env.PARLEY_BOT_TEST_RUN_TIMEOUT_MS, "PARLEY_BOT_TEST_RUN_TIMEOUT_MS", 60_000),
    maxSessionsPerResult: parseCount(env.PARLEY_MAX_SESSIONS_PER_RESULT, "PARLEY_MAX_SESSIONS_PER_RESULT", 100),
    passwordHashCost: parsePasswordHashCost(env.PARLEY_PASSWORD_HASH_COST),
  };
}
