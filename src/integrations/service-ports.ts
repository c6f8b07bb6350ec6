import type { Config } from "../config.js";
import type { CredentialsVault } from "./credentials/credentials-vault.js";
import { createChatNodePort } from "./chat-node/chat-node-port.js";
import { createDifyPort } from "./dify-ai/dify-port.js";
import { createElevenLabsPort } from "./elevenlabs/elevenlabs-port.js";
import { createGuardedFetch } from "./http/guarded-fetch.js";
import type { AddressGuard } from "./http/guarded-request.js";
import { createQrCodePort } from "./qr-code/qr-code-port.js";
import type { FileStorage } from "./storage/index.js";
import { generatedFileStore } from "./uploads/generated-files.js";

/**
 * The plug-in services with a port of their own (ElevenLabs, Dify.AI, ChatNode) behind the address
 * guard, and the QR codes drawn here. Files they make are stored with the uploads, within the upload limit.
 */
export function createServicePorts(config: Config, vault: CredentialsVault, guard: AddressGuard, storage: FileStorage) {
  // Every call of these adapters carries a credential's key: redirects never take it to another origin.
  const guardedFetch = createGuardedFetch(guard, { keepOnOrigin: true });
  const storeFile = generatedFileStore(storage, config);
  const maxBytes = config.uploadLimitBytes;
  return {
    elevenlabs: createElevenLabsPort({ vault, guardedFetch, storeFile, maxBytes }),
    difyAi: createDifyPort({ vault, guardedFetch }),
    chatNode: createChatNodePort({ vault, guardedFetch }),
    qrCode: createQrCodePort({ storeFile, maxBytes }),
  };
}
