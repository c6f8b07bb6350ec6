import { apiPaths } from "../../../../src/schemas/api-paths.js";
import { ApiError, createApiClient, errorFromResponse } from "../../../shared/api-client.js";

export { ApiError } from "../../../shared/api-client.js";

let csrfToken = "";
let onUnauthorized: (() => void) | undefined;

/** Cookie-authenticated writes carry the session's CSRF token in a header. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

export const csrfHeader = (): Record<string, string> => (csrfToken ? { "x-csrf-token": csrfToken } : {});

/** The builder's API client: same origin, the sign-in cookie, and a 401 (not asked for with `quiet`) signs out. */
export const api = createApiClient({
  baseUrl: "",
  paths: apiPaths,
  credentials: "same-origin",
  headers: (method) => (method === "GET" ? {} : csrfHeader()),
  onError: (error) => {
    if (error.status === 401) onUnauthorized?.();
  },
});

/** A multipart form (files) to an API route: the API client speaks JSON only. Its JSON answer, or an ApiError. */
export async function postForm<T>(url: string, form: FormData): Promise<T> {
  const response = await fetch(url, { method: "POST", credentials: "same-origin", headers: csrfHeader(), body: form });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, body);
  return body as T;
}

/** A message fit for the person using the builder, with the server's field issues when it sent some. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // An issue the message already states (a single refused field) is not said twice.
    const details = error.issues
      .filter((issue) => !error.message.includes(issue.message))
      .map((issue) => `${issue.path ? `${issue.path}: ` : ""}${issue.message}`)
      .join("; ");
    return details ? `${error.message} (${details})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
