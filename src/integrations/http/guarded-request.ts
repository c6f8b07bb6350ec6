import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { blockedAddressReason, notAllowedMessage } from "./address-policy.js";
import { isHostAllowed, type AllowedHost } from "./host-allowlist.js";
import { currentTurnDeadline, TurnDeadlineError } from "./turn-deadline-scope.js";

export const MAX_REDIRECTS = 5;

export type AddressGuard = {
  enabled: boolean;
  allowedHosts: readonly AllowedHost[];
  /** The resolver (tests replace it); the system's by default. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
};

const systemResolve = (hostname: string) => lookup(hostname, { all: true, verbatim: true });

/** The request went nowhere because of where it would have gone. */
export class RequestRefusedError extends Error {
  override name = "RequestRefusedError";
}

export type GuardedRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Aborting it (a timeout) destroys the request and its response. */
  signal: AbortSignal;
  /**
   * The request carries a credential's secrets (a key in a header or the body): a redirect to another
   * origin is refused rather than followed, so the secrets never leave the credential's own address.
   */
  keepOnOrigin?: boolean;
};

/**
 * Sends a request that can only reach public addresses (or allowed hosts). The host is resolved once,
 * every address it resolves to is checked, and the connection goes to the checked address (a second
 * lookup could answer differently: DNS rebinding). Redirects are followed by hand, up to
 * MAX_REDIRECTS, each hop checked the same way. Resolves once the final response's headers arrived.
 */
export async function guardedRequest(request: GuardedRequest, guard: AddressGuard): Promise<http.IncomingMessage> {
  const turn = currentTurnDeadline();
  if (turn) {
    const remaining = turn.deadline - Date.now();
    if (remaining <= 0) throw new TurnDeadlineError(turn.message);
    request = { ...request, signal: AbortSignal.any([request.signal, AbortSignal.timeout(remaining)]) };
  }
  let url = parseHttpUrl(request.url);
  let { method, body } = request;
  let headers = { ...request.headers };
  for (let hop = 0; ; hop++) {
    const target = await resolveTarget(url, guard);
    const response = await send(url, target, { method, headers, body, signal: request.signal });
    const location = response.headers.location;
    if (!isRedirect(response.statusCode) || !location) return response;
    response.resume();
    if (hop >= MAX_REDIRECTS) throw new Error(`More than ${MAX_REDIRECTS} redirects`);
    const next = parseHttpUrl(new URL(location, url).toString());
    if (request.keepOnOrigin && next.origin !== url.origin)
      throw new RequestRefusedError(
        `${url.host} redirected the call to ${next.host}: a credential's key is only sent to its own base URL`,
      );
    // As browsers do: 303, and 301/302 after a POST, continue as a GET without a body.
    if (
      response.statusCode === 303
        ? method !== "HEAD"
        : (response.statusCode === 301 || response.statusCode === 302) && method === "POST"
    ) {
      method = "GET";
      body = undefined;
      headers = withoutHeaders(headers, ["content-type", "content-length"]);
    }
    if (next.origin !== url.origin)
      headers = withoutHeaders(headers, ["authorization", "cookie", "proxy-authorization"]);
    url = next;
  }
}

function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Invalid URL: ${text}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new RequestRefusedError(`Only http and https URLs can be requested, not ${url.protocol}`);
  return url;
}

const isRedirect = (status: number | undefined) =>
  status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

function withoutHeaders(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => !names.includes(key.toLowerCase())));
}

type Target = { address: string; family: 4 | 6 };

/** The address to connect to; refused when any address the host resolves to is not public. */
export async function resolveTarget(url: URL, guard: AddressGuard): Promise<Target> {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(hostname);
  const addresses: Target[] = literal
    ? [{ address: hostname, family: literal as 4 | 6 }]
    : (await (guard.resolve ?? systemResolve)(hostname)).map((entry) => ({
        address: entry.address,
        family: entry.family as 4 | 6,
      }));
  if (addresses.length === 0) throw new Error(`${hostname} does not resolve`);
  if (guard.enabled && !isHostAllowed(url, guard.allowedHosts)) {
    if (addresses.some(({ address }) => blockedAddressReason(address)))
      throw new RequestRefusedError(notAllowedMessage(url.host));
  }
  return addresses[0];
}

/** A lookup that always answers the address already checked. */
function pinnedLookup(target: Target): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
}

function send(
  url: URL,
  target: Target,
  options: { method: string; headers: Record<string, string>; body?: string | Uint8Array; signal: AbortSignal },
): Promise<http.IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: options.method,
      headers:
        options.body !== undefined
          ? { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) }
          : options.headers,
      lookup: pinnedLookup(target),
      // A pooled socket may have been opened for another request; each request connects on its own.
      agent: false,
      signal: options.signal,
    });
    request.once("response", resolve);
    request.once("error", reject);
    request.end(options.body);
  });
}
