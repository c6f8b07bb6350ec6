import { randomBytes, timingSafeEqual } from "node:crypto";
import { AppError } from "../errors.js";
import { addressGuard } from "../integrations/create-integration-ports.js";
import { credentialsKit } from "../integrations/credentials/credentials-kit.js";
import { createGoogleAuth } from "../integrations/google/google-auth.js";
import { createGuardedFetch } from "../integrations/http/guarded-fetch.js";
import { createId, nowIso } from "../lib/ids.js";
import type { CredentialsSummary, GoogleCredentialsType } from "../schemas/credentials.js";
import type { Caller } from "../store/users-repository.js";
import type { AppContext } from "./context.js";
import { requireCredentialsAdmin, requireMember } from "./credentials.js";

/** Where Google sends the browser back; to be registered with the OAuth client (README "Google"). */
export const GOOGLE_CALLBACK_PATH = "/api/v1/credentials/google/callback";
/** The cookie that ties a consent to the browser that started it (state alone could be replayed elsewhere). */
export const GOOGLE_OAUTH_COOKIE = "parley_google_oauth";
export const CONSENT_LIFETIME_MS = 10 * 60 * 1000;

const scopes: Record<GoogleCredentialsType, string[]> = {
  "google sheets": ["openid", "email", "https://www.googleapis.com/auth/spreadsheets"],
  gmail: ["openid", "email", "https://www.googleapis.com/auth/gmail.modify"],
};

type ConsentState = {
  userId: string;
  workspaceId: string;
  type: GoogleCredentialsType;
  nonce: string;
  expiresAt: number;
};
// The state is sealed with the credentials key under its own binding: it can be neither read nor forged.
const STATE_BINDING = { workspaceId: "google-oauth", id: "consent-state" };

export const googleRedirectUri = (ctx: AppContext) => `${ctx.config.publicUrl}${GOOGLE_CALLBACK_PATH}`;

const googleSetupMessage = (ctx: AppContext) =>
  `Google is not set up on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, with ${googleRedirectUri(ctx)} as the redirect URI`;

/**
 * Whether "Connect a Google account" can work here: the builder asks this first, so a server without
 * Google shows the set-up steps instead of a failing request on every settings page.
 */
export async function googleSetup(ctx: AppContext, caller: Caller, workspaceId: string) {
  // Whether the server has Google is no secret of the workspace: any member may ask (guests read too).
  await requireMember(ctx, caller, workspaceId);
  const configured = Boolean(ctx.config.google.clientId && ctx.config.google.clientSecret);
  return configured ? { configured } : { configured, message: googleSetupMessage(ctx) };
}

/**
 * Starts "Connect a Google account": the consent page's URL, with a sealed state naming the caller,
 * the workspace and the credential type, and the nonce the browser must show again (as a cookie).
 */
export async function googleConsentUrl(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  type: GoogleCredentialsType,
): Promise<{ url: string; nonce: string }> {
  await requireCredentialsAdmin(ctx, caller, workspaceId);
  const { clientId } = ctx.config.google;
  if (!clientId || !ctx.config.google.clientSecret)
    throw new AppError("GOOGLE_NOT_CONFIGURED", googleSetupMessage(ctx));
  const nonce = randomBytes(24).toString("base64url");
  const state: ConsentState = {
    userId: caller.userId,
    workspaceId,
    type,
    nonce,
    expiresAt: Date.now() + CONSENT_LIFETIME_MS,
  };
  const url = new URL(ctx.config.google.authUrl);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: googleRedirectUri(ctx),
    response_type: "code",
    scope: scopes[type].join(" "),
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
    state: credentialsKit(ctx.config, ctx.store).cipher.encrypt(state, STATE_BINDING),
  }).toString();
  return { url: url.toString(), nonce };
}

/**
 * Ends the consent: checks the state (sealed by this server, unexpired, started in this browser, its
 * user still an editor of the workspace), trades the code for a token and stores it as credentials
 * named after the account's e-mail.
 */
export async function completeGoogleConsent(
  ctx: AppContext,
  callback: { code?: string; state?: string; error?: string; cookieNonce?: string },
): Promise<CredentialsSummary> {
  const state = openState(ctx, callback.state);
  if (!state || state.expiresAt < Date.now() || !sameNonce(state.nonce, callback.cookieNonce))
    throw new AppError("INVALID_OAUTH_STATE");
  await requireCredentialsAdmin(ctx, { userId: state.userId }, state.workspaceId);
  if (callback.error || !callback.code)
    throw new AppError("GOOGLE_CONSENT_FAILED", `Google did not give access: ${callback.error ?? "no code"}`);
  const kit = credentialsKit(ctx.config, ctx.store);
  const auth = createGoogleAuth({
    config: ctx.config.google,
    vault: kit.vault,
    fetch: createGuardedFetch(addressGuard(ctx.config)),
  });
  const exchanged = await auth.exchangeCode(callback.code, googleRedirectUri(ctx));
  if (!exchanged.ok) throw new AppError("GOOGLE_CONSENT_FAILED", `Google refused the code: ${exchanged.error}`);
  const id = createId();
  const row = {
    id,
    workspaceId: state.workspaceId,
    type: state.type,
    name: emailOf(exchanged.token.id_token) ?? "Google account",
    data: kit.cipher.encrypt(exchanged.token, { workspaceId: state.workspaceId, id }),
    createdAt: nowIso(),
  };
  await kit.repository.insert(row);
  const { data: _data, ...summary } = row;
  return summary;
}

function openState(ctx: AppContext, text: string | undefined): ConsentState | undefined {
  if (!text || text.length > 2000) return undefined;
  try {
    const state = credentialsKit(ctx.config, ctx.store).cipher.decrypt(text, STATE_BINDING) as ConsentState;
    return typeof state?.nonce === "string" && typeof state.userId === "string" ? state : undefined;
  } catch {
    return undefined;
  }
}

function sameNonce(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The `email` claim of the ID token, which came straight from Google's token endpoint (no signature check needed). */
function emailOf(idToken: string | undefined): string | undefined {
  const payload = idToken?.split(".")[1];
  if (!payload) return undefined;
  try {
    const { email } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: unknown };
    return typeof email === "string" && email.length <= 200 ? email : undefined;
  } catch {
    return undefined;
  }
}
