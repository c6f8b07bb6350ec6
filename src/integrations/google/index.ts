import type { GoogleConfig } from "../../config.js";
import type { GmailPort, GoogleSheetsPort } from "../../engine/ports.js";
import type { CredentialsVault } from "../credentials/credentials-vault.js";
import { createGmailPort } from "./gmail-port.js";
import { createGoogleAuth, type GoogleAuth } from "./google-auth.js";
import { createGoogleSheetsPort } from "./google-sheets-port.js";

/** The Google blocks' ports and the OAuth client they share, all calls through the guarded fetch. */
export function createGooglePorts(options: { config: GoogleConfig; vault: CredentialsVault; fetch: typeof fetch }): {
  auth: GoogleAuth;
  googleSheets: GoogleSheetsPort;
  gmail: GmailPort;
} {
  const auth = createGoogleAuth(options);
  return {
    auth,
    googleSheets: createGoogleSheetsPort({ auth, fetch: options.fetch, apiUrl: options.config.sheetsApiUrl }),
    gmail: createGmailPort({ auth, fetch: options.fetch, apiUrl: options.config.gmailApiUrl }),
  };
}
