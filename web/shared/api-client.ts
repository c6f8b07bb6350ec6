/**
 * The one client both web apps call the API with. Routes are called by name; what each call sends and
 * answers is typed from the route contracts (src/schemas/api-routes.ts), as types only: the bundles
 * carry the paths of the routes they call (src/schemas/api-paths.ts) but no zod and no schema.
 */
import type { RouteName } from "../../src/schemas/api-paths.js";
import type { RouteInput, RouteOutput } from "../../src/schemas/api-routes.js";
import { ApiError, errorFromResponse } from "./api-error.js";

export { ApiError, errorFromResponse } from "./api-error.js";
export type { ApiIssue } from "./api-error.js";
export type { RouteName } from "../../src/schemas/api-paths.js";
export { chatPaths } from "../../src/schemas/chat-paths.js";
export type { RouteInput, RouteOutput } from "../../src/schemas/api-routes.js";

/** Route names and their "METHOD /path" entries: `apiPaths`, or `chatPaths` for the chat alone. */
export type PathTable = { readonly [N in RouteName]?: string };

export type ApiClientOptions<P extends PathTable> = {
  /** Where the server is: "" for the page's own origin. */
  baseUrl: string;
  /** The routes this client may call. */
  paths: P;
  /** Headers for each request (the builder's CSRF token on writes, for one). */
  headers?: (method: string) => Record<string, string>;
  fetch?: typeof fetch;
  credentials?: RequestInit["credentials"];
  /** The message of the error when the server cannot be reached (status 0). */
  unreachableMessage?: string;
  /** Told of every failed call but those made with `quiet` (the builder signs out on a 401). */
  onError?: (error: ApiError) => void;
};

export type CallOptions = {
  /** Leaves this call's failure out of `onError` (an expected 401 while checking the session, say). */
  quiet?: boolean;
};

/** A call's arguments: the input may be left out when nothing in it is required. */
type CallArgs<N extends RouteName> =
  // biome-ignore lint/complexity/noBannedTypes: `{} extends T` is how a type asks "is every field of T optional?".
  {} extends RouteInput<N>
    ? [input?: RouteInput<N>, options?: CallOptions]
    : [input: RouteInput<N>, options?: CallOptions];

type Input = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

const DEFAULT_UNREACHABLE = "The server could not be reached. Check your connection and try again.";

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export type ApiClient<P extends PathTable> = ReturnType<typeof createApiClient<P>>;

export function createApiClient<P extends PathTable>(options: ApiClientOptions<P>) {
  type Name = keyof P & RouteName;
  const send: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));

  function split(name: Name): { method: string; path: string } {
    const entry = options.paths[name] as string;
    const space = entry.indexOf(" ");
    return { method: entry.slice(0, space), path: entry.slice(space + 1) };
  }

  function address(name: Name, input: Input): string {
    const { path } = split(name);
    const { params = {}, query = {} } = input;
    const filled = path.replace(/:(\w+)/g, (_match, key: string) => encodeURIComponent(String(params[key] ?? "")));
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    const text = search.toString();
    return `${options.baseUrl}${filled}${text ? `?${text}` : ""}`;
  }

  /** The route's address with its path parameters and query filled in. */
  const url = <N extends Name>(name: N, input: Pick<RouteInput<N>, "params" | "query">): string =>
    address(name, input as Input);

  function fail(error: ApiError, callOptions: CallOptions | undefined): never {
    if (!callOptions?.quiet) options.onError?.(error);
    throw error;
  }

  /** Calls a route; resolves with its answer, or rejects with an ApiError. */
  async function call<N extends Name>(name: N, ...[input, callOptions]: CallArgs<N>): Promise<RouteOutput<N>> {
    const { method } = split(name);
    const hasBody = method !== "GET" && method !== "DELETE";
    const headers: Record<string, string> = { accept: "application/json", ...options.headers?.(method) };
    if (hasBody) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await send(address(name, (input ?? {}) as Input), {
        method,
        headers,
        credentials: options.credentials,
        body: hasBody ? JSON.stringify((input as Input | undefined)?.body ?? {}) : undefined,
      });
    } catch {
      return fail(new ApiError({ status: 0, message: options.unreachableMessage ?? DEFAULT_UNREACHABLE }), callOptions);
    }
    const body = parseJson(await response.text());
    if (!response.ok) return fail(errorFromResponse(response.status, response.statusText, body), callOptions);
    return body as RouteOutput<N>;
  }

  return { call, url };
}
