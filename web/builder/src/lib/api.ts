/** A failed call: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = "",
    readonly issues: { path: string; message: string }[] = [],
    readonly body?: unknown,
  ) {
    super(message);
  }
}

let csrfToken = "";
let onUnauthorized: (() => void) | undefined;

/** Cookie-authenticated writes carry the session's CSRF token in a header. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

type Method = "GET" | "POST" | "PATCH" | "DELETE";

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: { quiet401?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrfToken) headers["x-csrf-token"] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
  }
  const text = await response.text();
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    if (response.status === 401 && !options.quiet401) onUnauthorized?.();
    const message =
      typeof parsed?.message === "string" && parsed.message
        ? parsed.message
        : `${response.status} ${response.statusText}`.trim();
    throw new ApiError(
      response.status,
      message,
      parsed?.code ?? "",
      Array.isArray(parsed?.issues) ? parsed.issues : [],
      parsed,
    );
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: { quiet401?: boolean }) => request<T>("GET", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: { quiet401?: boolean }) =>
    request<T>("POST", path, body ?? {}, options),
  patch: <T>(path: string, body: unknown) => request<T>("PATCH", path, body),
  delete: <T>(path: string) => request<T>("DELETE", path),
};

export const csrfHeader = (): Record<string, string> => (csrfToken ? { "x-csrf-token": csrfToken } : {});

/** A message fit for the person using the builder, with the server's field issues when it sent some. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const details = error.issues.map((issue) => `${issue.path ? `${issue.path}: ` : ""}${issue.message}`).join("; ");
    return details ? `${error.message} (${details})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export const encode = encodeURIComponent;
