import { Readable } from "node:stream";
import { guardedRequest, type AddressGuard } from "./guarded-request.js";
import { decoded } from "./read-body.js";

/** Statuses whose response may not carry a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A `fetch` with the same address guard as every other outgoing request: libraries that take a
 * `fetch` option (the AI SDK's providers) reach only public addresses or allowed hosts, and follow
 * redirects the guarded way (`keepOnOrigin`: never to another origin, for calls that carry a
 * credential's key). The body is decompressed here, so `content-encoding` is dropped.
 */
export function createGuardedFetch(guard: AddressGuard, options: { keepOnOrigin?: boolean } = {}): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = request ? request.url : input.toString();
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    const headers = new Headers(request?.headers);
    for (const [key, value] of new Headers(init?.headers)) headers.set(key, value);
    const rawBody = init?.body ?? (request && method !== "GET" && method !== "HEAD" ? request.body : undefined);
    let body: string | Uint8Array | undefined;
    if (typeof rawBody === "string") body = rawBody;
    else if (rawBody !== undefined && rawBody !== null) {
      // FormData, Blob, streams: serialized the way fetch would, with its own content type (multipart boundary).
      const serialized = new Response(rawBody as ConstructorParameters<typeof Response>[0]);
      const type = serialized.headers.get("content-type");
      if (type && !headers.has("content-type")) headers.set("content-type", type);
      body = new Uint8Array(await serialized.arrayBuffer());
    }
    const signal = init?.signal ?? request?.signal ?? new AbortController().signal;
    const response = await guardedRequest(
      {
        url,
        method,
        headers: Object.fromEntries(headers),
        ...(body !== undefined ? { body } : {}),
        signal,
        ...(options.keepOnOrigin ? { keepOnOrigin: true } : {}),
      },
      guard,
    );
    const status = response.statusCode ?? 500;
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined || key === "content-encoding" || key === "content-length") continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, item);
    }
    if (NULL_BODY_STATUSES.has(status) || method === "HEAD") {
      response.resume();
      return new Response(null, { status, headers: responseHeaders });
    }
    const stream = Readable.toWeb(decoded(response)) as ReadableStream<Uint8Array>;
    return new Response(stream, { status, statusText: response.statusMessage ?? "", headers: responseHeaders });
  };
}
