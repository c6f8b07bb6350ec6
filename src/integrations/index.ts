import type { Config } from "../config.js";
import type { ChatCompletionPort, HttpPort, MailerPort } from "../engine/ports.js";
import type { Store } from "../store/connect.js";

/** Outgoing integrations (HTTP requests, e-mail, chat completions); none until they are wired in. */
export function createIntegrationPorts(_config: Config, _store: Store): { http?: HttpPort; mailer?: MailerPort; chatCompletion?: ChatCompletionPort } {
  return {};
}
