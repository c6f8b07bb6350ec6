import type { z } from "zod";

/**
 * The one table of error codes Parley answers with. Every error body is `{ code, message, issues? }`;
 * the status comes from this table only. The generic code of each status comes first: errors raised by
 * Fastify itself get it. The codes after them name one cause each, so that a client can tell causes
 * apart without reading the message. A code is never renamed or given another meaning; one that is no
 * longer used goes to `retiredErrorCodes` (and docs/errors.md's list of retired codes).
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
  // One cause each.
  INVALID_BOT: { status: 400, message: "The bot does not validate" },
  INVALID_CSV: { status: 400, message: "The CSV file is malformed" },
  INVALID_CURSOR: { status: 400, message: "Invalid cursor" },
  INVALID_SETUP_LINK: { status: 400, message: "Invalid password setup link" },
  INVALID_INVITATION: { status: 400, message: "Invalid, used or expired invitation link" },
  FILE_NAME_MISSING: { status: 400, message: "The file's name is missing" },
  BOT_CLOSED: { status: 400, message: "This bot is now closed" },
  START_GROUP_NOT_FOUND: { status: 400, message: "Start group doesn't exist" },
  START_EVENT_NOT_FOUND: { status: 400, message: "Start event doesn't exist" },
  UNKNOWN_COMMAND: { status: 400, message: "Command event not found" },
  CHAT_ENDED: { status: 400, message: "This chat has ended" },
  NOT_WAITING_FOR_REPLY: { status: 400, message: "This chat is not waiting for a reply" },
  WAITING_FOR_WEBHOOK: { status: 409, message: "This chat is waiting for an outside system to call its webhook" },
  WEBHOOK_NOT_WAITING: { status: 404, message: "This chat is not waiting for a call at this block" },
  WEBHOOK_ALREADY_RESUMED: { status: 409, message: "This block's webhook was already called; the chat went on" },
  WAITING_FOR_OPERATOR: { status: 409, message: "This chat is with a person; it goes on once they hand it back" },
  HAND_OFF_NOT_WAITING: { status: 409, message: "This chat is no longer waiting at its hand-off" },
  HAND_OFF_TAKEN: { status: 409, message: "Another operator took this chat first" },
  GROUP_NOT_FOUND: { status: 400, message: "The bot has no such group" },
  IDLE_TOO_EARLY: { status: 400, message: "The input's idle timeout has not passed yet" },
  NO_IDLE_TIMEOUT: { status: 400, message: "The waiting block has no idle timeout" },
  NOT_WAITING_FOR_FILE: { status: 400, message: "This chat is not waiting for a file" },
  LINKED_BOT_UNAVAILABLE: { status: 400, message: "The linked bot is no longer available" },
  INVALID_HTTP_RESPONSE: { status: 400, message: "Provided response is not valid JSON" },
  NO_STREAM: { status: 400, message: "This block does not have a stream function" },
  CHAT_COMPLETION_FAILED: { status: 400, message: "The chat completion failed" },
  GOOGLE_NOT_CONFIGURED: { status: 400, message: "Google is not set up on this server" },
  INVALID_OAUTH_STATE: { status: 400, message: "The Google sign-in is invalid or expired: start it again" },
  GOOGLE_CONSENT_FAILED: { status: 400, message: "Google did not give access to the account" },
  CSRF_TOKEN_INVALID: { status: 403, message: "Missing or invalid CSRF token" },
  ORIGIN_NOT_ALLOWED: { status: 403, message: "Origin not allowed" },
  ADMIN_ONLY: { status: 403, message: "Only the workspace's admins can do this" },
  LAST_ADMIN: { status: 409, message: "A workspace keeps at least one admin" },
  CUSTOM_DOMAIN_NOT_ALLOWED: { status: 400, message: "This host name cannot be a bot's custom domain" },
  DOMAIN_CHALLENGE_FAILED: { status: 400, message: "The custom domain did not answer its challenge" },
  PUBLIC_ID_TAKEN: { status: 409, message: "This public id is already used by another bot" },
  SESSION_NOT_FOUND: { status: 404, message: "Session not found." },
  SESSION_EXPIRED: { status: 404, message: "Session expired. You need to start a new session." },
  BOT_NOT_PUBLISHED: { status: 404, message: "Published bot not found" },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, message: "The webhook call's signature or secret token is wrong" },
  CHANNEL_CONNECT_FAILED: { status: 400, message: "The messaging app refused to register the webhook" },
  PUBLIC_URL_NOT_SET: { status: 409, message: "PUBLIC_URL is not set: outside services could not reach this server" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** Codes Parley answered with once and never will again: never to be reused. None yet. */
export const retiredErrorCodes: readonly string[] = [];

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

/** A zod failure as error issues, each path prefixed with where the value came from (`query`, `bot`…). */
export function zodIssues(error: z.ZodError, prefix = ""): ErrorIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
}
