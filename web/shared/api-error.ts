/** One field the server found wrong in a request. */
export type ApiIssue = { path: string; message: string };

/**
 * A failed API call, as both web apps see it: the server's `{ code, message, issues? }` with the HTTP
 * status. `status` 0 means the server could not be reached at all.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[];
  /** The status line's text (for a message when the server sent no JSON). */
  readonly statusText: string;
  /** The parsed answer, when there was one. */
  readonly body: unknown;

  constructor(init: {
    status: number;
    message: string;
    code?: string;
    issues?: ApiIssue[];
    statusText?: string;
    body?: unknown;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code ?? "";
    this.issues = init.issues ?? [];
    this.statusText = init.statusText ?? "";
    this.body = init.body;
  }
}

const isIssue = (value: unknown): value is ApiIssue =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ApiIssue).path === "string" &&
  typeof (value as ApiIssue).message === "string";

/** The error for a failed answer: the server's own words when it sent them, else the status line. */
export function errorFromResponse(status: number, statusText: string, body: unknown): ApiError {
  const fields = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const message =
    typeof fields.message === "string" && fields.message ? fields.message : `${status} ${statusText}`.trim();
  return new ApiError({
    status,
    statusText,
    message,
    code: typeof fields.code === "string" ? fields.code : "",
    issues: Array.isArray(fields.issues) ? fields.issues.filter(isIssue) : [],
    body,
  });
}
