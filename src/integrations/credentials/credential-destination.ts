/**
 * Where a credential's secrets may go. A credential's key is sent only to the credential's own base
 * URL, saved with it by whoever may manage credentials (a workspace admin), or to the service's own
 * address when it has none. A block that names an address of its own (the legacy OpenAI block's
 * `baseUrl`, set by any member who edits the bot) may:
 * - without a credential: call that address, with no key (a local model that needs none);
 * - with a credential: name nothing, the service's default (the block fills it in when left empty) or
 *   exactly the credential's address. Any other address refuses the call and nothing is sent: a member
 *   must not be able to send the workspace's key to a host of their choosing.
 *
 * Every adapter that attaches a key also uses a fetch that refuses redirects to another origin
 * (`keepOnOrigin` in guarded-request.ts): the key's headers or body must not follow a redirect either.
 */
export type Destination = { ok: true; baseUrl: string } | { ok: false; error: string };

/** An address without trailing slashes; its scheme and host compare case-insensitively, default ports dropped. */
export function normalizeBaseUrl(text: string): string {
  const trimmed = text.trim().replace(/\/+$/, "");
  try {
    const url = new URL(trimmed);
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}${url.search}`;
  } catch {
    return trimmed;
  }
}

export function blockUrlRefusal(blockBaseUrl: string): string {
  return `The block's base URL ${blockBaseUrl} is not the one saved with its credentials: a credential's key is only sent to its own base URL. Clear the block's base URL, or have an admin save this address with the credentials.`;
}

/**
 * The address a call goes to. `credential` is undefined for a call without one (then the block's
 * address, else the service's); `serviceBaseUrl` is the service's own address.
 */
export function credentialDestination(options: {
  serviceBaseUrl: string;
  credential: { baseUrl?: string } | undefined;
  blockBaseUrl?: string;
}): Destination {
  const service = normalizeBaseUrl(options.serviceBaseUrl);
  const block = options.blockBaseUrl?.trim() ? normalizeBaseUrl(options.blockBaseUrl) : undefined;
  if (!options.credential) return { ok: true, baseUrl: block ?? service };
  const own = options.credential.baseUrl?.trim() ? normalizeBaseUrl(options.credential.baseUrl) : service;
  if (block !== undefined && block !== own && block !== service)
    return { ok: false, error: blockUrlRefusal(options.blockBaseUrl!.trim()) };
  return { ok: true, baseUrl: own };
}
