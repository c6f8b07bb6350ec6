/** What config.ts and its parts share to read the environment; apart, so that the parts need not import config.ts. */
export class ConfigError extends Error {}

export function parsePositive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new ConfigError(`${name} must be a positive number, got "${value}"`);
  return parsed;
}

/** A comma-separated list of host names, trimmed and lower-cased. */
export const hostList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
