import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import type { Config } from "../config.js";
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

/** Where a claimed domain serves its token (http://<host>/.well-known/parley-challenge/<token>), as ACME's http-01. */
export const CHALLENGE_PATH = "/.well-known/parley-challenge/";

export const newChallengeToken = () => randomBytes(24).toString("base64url");

/** The host part of a stored customDomain (`example.com/chat` → `example.com`). */
export function customDomainHost(domain: string): string {
  const slash = domain.indexOf("/");
  return slash < 0 ? domain : domain.slice(0, slash);
}

/**
 * Names this instance answers on itself: PUBLIC_URL's host, the address it listens on, localhost, IP
 * addresses and PARLEY_CUSTOM_DOMAIN_HOSTS. A bot claiming one would serve its page instead of the builder.
 */
export function isOwnHost(config: Config, hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === new URL(config.publicUrl).hostname.toLowerCase() || host === config.host.toLowerCase()) return true;
  if (host === "localhost" || host.endsWith(".localhost") || isIP(host.replace(/^\[|\]$/g, "")) !== 0) return true;
  return config.customDomains.ownHosts.includes(host);
}

/** The operator let this host serve bots without the challenge (PARLEY_CUSTOM_DOMAINS_ALLOWED). */
export const isOperatorAllowed = (config: Config, host: string) =>
  config.customDomains.allowed.includes(host.toLowerCase());

/** A claim anyone may make: free, and not a name of this instance's own. Proof of control comes later. */
export async function assertCustomDomainClaimable(
  ctx: { config: Config; bots: BotsRepository },
  domain: string,
  exceptBotId?: string,
): Promise<void> {
  const host = customDomainHost(domain);
  if (isOwnHost(ctx.config, host))
    throw new AppError(
      "CUSTOM_DOMAIN_NOT_ALLOWED",
      `${host} is a name this Parley instance answers on itself: it cannot be a bot's custom domain`,
    );
  await assertCustomDomainAvailable(ctx.bots, domain, exceptBotId);
}

export async function assertCustomDomainAvailable(bots: BotsRepository, domain: string, exceptBotId?: string) {
  if (await bots.isCustomDomainTaken(domain, exceptBotId))
    throw new AppError("CONFLICT", `The custom domain ${domain} is already used by another bot`);
}

type Entry = { publicId: string | null; expiresAt: number };

/**
 * Which published bot a custom domain serves (a proven or operator-allowed one), by its unique index, remembered for a few seconds
 * (misses too): a page request costs at most one indexed lookup per key and interval, never a scan.
 * This instance forgets everything when a bot changes; other instances within `ttlMs`.
 */
export class CustomDomainCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hosts = new Map<string, { served: boolean; expiresAt: number }>();

  constructor(
    private readonly bots: BotsRepository,
    private readonly config: Config,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 1_000,
  ) {}

  async publicIdFor(key: string): Promise<string | undefined> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.publicId ?? undefined;
    const found = await this.bots.findPublicIdByCustomDomain(key);
    // Served once its claimant proved control of it, or the operator allowed the host; never one of ours.
    const host = customDomainHost(key);
    const served =
      found && !isOwnHost(this.config, host) && (found.verifiedAt !== null || isOperatorAllowed(this.config, host));
    const publicId = served ? found.publicId : null;
    this.entries.delete(key);
    this.entries.set(key, { publicId, expiresAt: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return publicId ?? undefined;
  }

  /** This host serves a bot's page (proven or operator-allowed), so URLs for its visitors may name it. */
  async servesHost(hostname: string): Promise<boolean> {
    const host = hostname.toLowerCase();
    if (isOwnHost(this.config, host)) return false;
    if (isOperatorAllowed(this.config, host)) return true;
    const now = Date.now();
    const cached = this.hosts.get(host);
    if (cached && cached.expiresAt > now) return cached.served;
    const served = await this.bots.hasProvenDomainOnHost(host);
    this.hosts.delete(host);
    this.hosts.set(host, { served, expiresAt: now + this.ttlMs });
    if (this.hosts.size > this.maxEntries) this.hosts.delete(this.hosts.keys().next().value!);
    return served;
  }

  clear(): void {
    this.entries.clear();
    this.hosts.clear();
  }
}
