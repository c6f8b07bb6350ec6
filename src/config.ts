import path from "node:path";

/** Everything the server reads from its environment, parsed once at start-up. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Base URL printed to users; defaults to http://localhost:<port>. */
  publicUrl: string;
  /** Idle chat sessions expire after this many hours unless the bot sets its own expiry. */
  sessionExpiryHours: number;
};

export class ConfigError extends Error {}

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${value}"`);
  return port;
}

function parsePositive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new ConfigError(`${name} must be a positive number, got "${value}"`);
  return parsed;
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
    publicUrl: (env.PUBLIC_URL || `http://${displayHost}:${port}`).replace(/\/$/, ""),
  };
}
