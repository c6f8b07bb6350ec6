import { AppError } from "../errors.js";
import type { BotsRepository } from "../store/bots-repository.js";

/**
 * A bot's `customDomain` (`chat.example.com`, or with a path, `example.com/chat`) as stored and looked
 * up: host in lower case, no scheme, no trailing slash. Paths keep their case, as URLs do.
 */
export function normalizeCustomDomain(domain: string): string {
  const bare = domain.trim().replace(/^https?:\/\//i, "");
  const slash = bare.indexOf("/");
  const host = (slash < 0 ? bare : bare.slice(0, slash)).toLowerCase();
  const path = slash < 0 ? "" : bare.slice(slash).replace(/\/+$/, "");
  return host + path;
}

/** The customDomain a page request would match: its host name, then its path when there is one. */
export function customDomainKey(hostname: string, path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return hostname.toLowerCase() + trimmed;
}

export async function assertCustomDomainAvailable(bots: BotsRepository, domain: string, exceptBotId?: string) {
  if (await bots.isCustomDomainTaken(domain, exceptBotId))
    throw new AppError("CONFLICT", `The custom domain ${domain} is already used by another bot`);
}

type Entry = { publicId: string | null; expiresAt: number };

/**
 * Which published bot a custom domain serves, by its unique index, remembered for a few seconds
 * (misses too): a page request costs at most one indexed lookup per key and interval, never a scan.
 * This instance forgets everything when a bot changes; other instances within `ttlMs`.
 */
export class CustomDomainCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly bots: BotsRepository,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 1_000,
  ) {}

  async publicIdFor(key: string): Promise<string | undefined> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.publicId ?? undefined;
    const publicId = (await this.bots.findPublicIdByCustomDomain(key)) ?? null;
    this.entries.delete(key);
    this.entries.set(key, { publicId, expiresAt: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return publicId ?? undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}
