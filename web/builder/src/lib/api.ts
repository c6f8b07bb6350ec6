import { apiPaths } from "../../../../src/schemas/api-paths.js";
import { ApiError, createApiClient } from "../../../shared/api-client.js";

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
