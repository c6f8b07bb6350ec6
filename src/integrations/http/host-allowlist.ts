/**
 * `PARLEY_HTTP_ALLOWED_HOSTS` entries: `host`, `host:port`, `[ipv6]:port` or a bare IPv6 address.
 * A listed host may be reached whatever it resolves to (an intranet service, a local model server).
 */
export type AllowedHost = { host: string; port?: string };

export function parseAllowedHosts(entries: readonly string[]): AllowedHost[] {
  return entries.map((entry) => {
    const text = entry.trim().toLowerCase();
    const bracketed = text.match(/^\[([^\]]+)\](?::(\d+))?$/);
    if (bracketed) return { host: bracketed[1], ...(bracketed[2] ? { port: bracketed[2] } : {}) };
    const parts = text.split(":");
    if (parts.length === 2 && /^\d+$/.test(parts[1])) return { host: parts[0], port: parts[1] };
    return { host: text };
  });
}

export function isHostAllowed(url: URL, allowed: readonly AllowedHost[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowed.some((entry) => entry.host === host && (entry.port === undefined || entry.port === port));
}
