import type { Config } from "../config.js";
import type {
  AiPort,
  ChatCompletionPort,
  ChatNodePort,
  DifyPort,
  ElevenLabsPort,
  GmailPort,
  GoogleSheetsPort,
  HttpPort,
  MailerPort,
  QrCodePort,
  ZendeskPort,
} from "../engine/ports.js";
import type { PluginServicePorts } from "./plugins/plugin-service-ports.js";
import type { Store } from "../store/connect.js";
import type { FileStorage } from "./storage/index.js";
import { credentialsKit } from "./credentials/credentials-kit.js";
import type { AddressGuard } from "./http/guarded-request.js";
import { parseAllowedHosts } from "./http/host-allowlist.js";
import { createHttpPort } from "./http/http-port.js";
import { createMailerPort } from "./mail/mailer-port.js";
import { createAiPort } from "./ai/ai-port.js";
import { audioStore } from "./ai/audio-store.js";
import { chatCompletionOverAi } from "./ai/legacy-chat-completion.js";
import { createZendeskPort } from "./zendesk/zendesk-port.js";
import { createPluginServicePorts } from "./plugins/plugin-service-ports.js";
import { createGooglePorts } from "./google/index.js";
import { createGuardedFetch } from "./http/guarded-fetch.js";
import { createServicePorts } from "./service-ports.js";

export function addressGuard(config: Config): AddressGuard {
  return { enabled: config.ssrfGuard, allowedHosts: parseAllowedHosts(config.httpAllowedHosts) };
}

/**
 * Outgoing integrations: HTTP requests, e-mail and AI models, all behind the same address
 * guard. Also makes sure the credentials key exists (it is created on the first start).
 */
export function createIntegrationPorts(
  config: Config,
  store: Store,
  storage: FileStorage,
): {
  http: HttpPort;
  mailer: MailerPort;
  chatCompletion: ChatCompletionPort;
  ai: AiPort;
  googleSheets: GoogleSheetsPort;
  gmail: GmailPort;
  elevenlabs: ElevenLabsPort;
  difyAi: DifyPort;
  chatNode: ChatNodePort;
  qrCode: QrCodePort;
  zendesk: ZendeskPort;
} & PluginServicePorts {
  const { vault } = credentialsKit(config, store);
  const guard = addressGuard(config);
  const ai = createAiPort({ vault, guard, storeAudio: audioStore(storage, config) });
  const { googleSheets, gmail } = createGooglePorts({ config: config.google, vault, fetch: createGuardedFetch(guard) });
  const http = createHttpPort(guard);
  return {
    googleSheets,
    gmail,
    http,
    // Their calls carry a credential's key: redirects never take it to another origin.
    ...createPluginServicePorts({ vault, http: createHttpPort(guard, { keepOnOrigin: true }), guard }),
    mailer: createMailerPort({ vault, guard, defaultUrl: config.smtpUrl, defaultFrom: config.smtpFrom }),
    chatCompletion: chatCompletionOverAi(ai),
    ai,
    ...createServicePorts(config, vault, guard, storage),
    zendesk: createZendeskPort({ vault, widgetUrl: config.zendeskWidgetUrl }),
  };
}
