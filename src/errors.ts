/**
 * The one table of error codes Parley answers with. Every error body is
 * `{ code, message, issues? }`; the status comes from this table only.
 * Retired codes must never be reused for another meaning (docs/errors.md lists them).
 */
export const errorCodes = {
  BAD_REQUEST: { status: 400, message: "Bad request" },
  UNAUTHORIZED: { status: 401, message: "Missing or invalid API token" },
  FORBIDDEN: { status: 403, message: "Forbidden" },
  NOT_FOUND: { status: 404, message: "Not found" },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed" },
  TIMEOUT: { status: 408, message: "Request timed out" },
  CONFLICT: { status: 409, message: "Conflict" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is too large" },
  SESSION_TOO_LARGE: { status: 413, message: "The chat session would grow too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Unsupported content type" },
  TOO_MANY_REQUESTS: { status: 429, message: "Too many requests" },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, message: "Request headers are too large" },
  INTERNAL_SERVER_ERROR: { status: 500, message: "Internal server error" },
  SERVICE_UNAVAILABLE: { status: 503, message: "Service unavailable" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

export type ErrorIssue = { path: string; message: string };

export type ErrorBody = { code: ErrorCode; message: string; issues?: ErrorIssue[] };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options?: { issues?: ErrorIssue[]; headers?: Record<string, string> },
  ) {
    super(message ?? errorCodes[code].message);
    this.name = "AppError";
    this.code = code;
    this.issues = options?.issues;
    this.headers = options?.headers;
  }

  get status(): number {
    return errorCodes[this.code].status;
  }

  toBody(): ErrorBody {
    return this.issues
      ? { code: this.code, message: this.message, issues: this.issues }
      : { code: this.code, message: this.message };
  }
}

export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const badRequest = (message: string, issues?: ErrorIssue[]) => new AppError("BAD_REQUEST", message, { issues });
