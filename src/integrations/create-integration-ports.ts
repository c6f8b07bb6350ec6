import type { Config } from "../config.js";
import type { ChatCompletionPort, HttpPort, MailerPort } from "../engine/ports.js";
import type { Store } from "../store/connect.js";
import { credentialsKit } from "./credentials/credentials-kit.js";
import type { AddressGuard } from "./http/guarded-request.js";
import { parseAllowedHosts } from "./http/host-allowlist.js";
import { createHttpPort } from "./http/http-port.js";
import { createMailerPort } from "./mail/mailer-port.js";
import { createChatCompletionPort } from "./openai/chat-completion-port.js";

export function addressGuard(config: Config): AddressGuard {
  return { enabled: config.ssrfGuard, allowedHosts: parseAllowedHosts(config.httpAllowedHosts) };
}

/**
 * Outgoing integrations: HTTP requests, e-mail and chat completions, all behind the same address
 * guard. Also makes sure the credentials key exists (it is created on the first start).
 */
export function createIntegrationPorts(
  config: Config,
  store: Store,
): { http: HttpPort; mailer: MailerPort; chatCompletion: ChatCompletionPort } {
  const { vault } = credentialsKit(config, store);
  const guard = addressGuard(config);
  return {
    http: createHttpPort(guard),
    mailer: createMailerPort({ vault, guard, defaultUrl: config.smtpUrl, defaultFrom: config.smtpFrom }),
    chatCompletion: createChatCompletionPort({ vault, guard }),
  };
}
