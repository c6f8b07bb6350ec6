import type { GoogleConfig } from "../../config.js";
import type { GoogleFailure, IntegrationScope } from "../../engine/ports.js";
import type { CredentialsData, GoogleCredentialsType } from "../../schemas/credentials.js";
import type { CredentialsVault } from "../credentials/credentials-vault.js";
import { callGoogle } from "./google-call.js";

export type GoogleToken = CredentialsData["google sheets"];

/** A token this close to its expiry is refreshed first, so it cannot lapse on the way to Google. */
const EXPIRY_MARGIN_MS = 60_000;

export type GoogleAuth = {
  /** The credential's access token, refreshed (and the new token saved) when it has expired. */
  accessToken(
    type: GoogleCredentialsType,
    credentialsId: string,
    scope: IntegrationScope,
  ): Promise<{ ok: true; accessToken: string } | GoogleFailure>;
  /** Trades the consent page's code for a token object. */
  exchangeCode(code: string, redirectUri: string): Promise<{ ok: true; token: GoogleToken } | GoogleFailure>;
};

/** Google's OAuth token endpoint with the instance's client, for both the consent flow and the blocks. */
export function createGoogleAuth(options: {
  config: GoogleConfig;
  vault: CredentialsVault;
  fetch: typeof fetch;
  now?: () => number;
}): GoogleAuth {
  const { config, vault } = options;
  const now = options.now ?? Date.now;

  async function requestToken(form: Record<string, string>): Promise<{ ok: true; token: GoogleToken } | GoogleFailure> {
    if (!config.clientId || !config.clientSecret)
      return { ok: false, error: "Google is not set up on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)" };
    const answer = await callGoogle(options.fetch, {
      url: config.tokenUrl,
      method: "POST",
      form: { ...form, client_id: config.clientId, client_secret: config.clientSecret },
    });
    if (!answer.ok) return answer;
    const data = answer.data as Partial<{ access_token: unknown; expires_in: unknown }> & Record<string, unknown>;
    if (typeof data.access_token !== "string" || !data.access_token)
      return { ok: false, error: "Google's token endpoint answered without an access token" };
    const token: GoogleToken = { access_token: data.access_token };
    if (typeof data.refresh_token === "string") token.refresh_token = data.refresh_token;
    if (typeof data.expires_in === "number") token.expiry_date = now() + data.expires_in * 1000;
    for (const key of ["token_type", "id_token", "scope"] as const)
      if (typeof data[key] === "string") token[key] = data[key] as string;
    return { ok: true, token };
  }

  return {
    async accessToken(type, credentialsId, scope) {
      const stored = await vault.resolve(type, credentialsId, scope);
      if (!stored) return { ok: false, error: `Could not find credentials for block ${credentialsLabel(type)}` };
      if (stored.expiry_date === undefined || stored.expiry_date > now() + EXPIRY_MARGIN_MS)
        return { ok: true, accessToken: stored.access_token };
      if (!stored.refresh_token)
        return { ok: false, error: "The Google token has expired and cannot be refreshed: connect the account again" };
      const refreshed = await requestToken({ grant_type: "refresh_token", refresh_token: stored.refresh_token });
      if (!refreshed.ok) return { ...refreshed, error: `Could not refresh the Google token: ${refreshed.error}` };
      // Google leaves the refresh token out of a refresh's answer: the stored one stays valid.
      await vault.update(type, credentialsId, scope, { ...stored, ...refreshed.token });
      return { ok: true, accessToken: refreshed.token.access_token };
    },
    exchangeCode: (code, redirectUri) =>
      requestToken({ grant_type: "authorization_code", code, redirect_uri: redirectUri }),
  };
}

const credentialsLabel = (type: GoogleCredentialsType) => (type === "gmail" ? "gmail" : "Google Sheets");
