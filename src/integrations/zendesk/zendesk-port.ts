import type { ZendeskPort, ZendeskUser } from "../../engine/ports.js";
import type { CredentialsVault } from "../credentials/credentials-vault.js";
import { signHs256 } from "./user-token.js";

/**
 * Zendesk's messaging widget: its script address, and the token that logs the visitor in as a known
 * user. The claims are the ones Zendesk's messaging authentication reads: `scope`, `external_id`,
 * `name`, and `email` with `email_verified` when an e-mail is given.
 */
export function createZendeskPort(options: { vault: CredentialsVault; widgetUrl: string }): ZendeskPort {
  return {
    async openWidget(request, scope) {
      const credentials = await options.vault.resolve("zendesk", request.credentialsId, scope);
      if (!credentials) return { ok: false, error: "Could not find credentials for block zendesk" };
      if (!request.user) return { ok: true, widgetUrl: options.widgetUrl };
      return {
        ok: true,
        widgetUrl: options.widgetUrl,
        userToken: signHs256(
          userClaims(request.user),
          credentials.conversationsSecretKey,
          credentials.conversationsKeyId,
        ),
      };
    },
  };
}

function userClaims(user: ZendeskUser): Record<string, unknown> {
  return {
    scope: "user",
    external_id: user.externalId,
    name: user.name ?? "",
    ...(user.email ? { email: user.email, email_verified: true } : {}),
  };
}
