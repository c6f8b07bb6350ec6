import type { ElevenLabsPort } from "../../engine/ports.js";
import type { CredentialsVault } from "../credentials/credentials-vault.js";
import { callApi, readLimitedBytes, serviceBaseUrl } from "../http/api-call.js";
import type { GeneratedFileStore } from "../uploads/generated-files.js";

export const ELEVENLABS_BASE_URL = "https://api.elevenlabs.io";
const LABEL = "ElevenLabs";

/**
 * ElevenLabs text to speech: POST `{base}/v1/text-to-speech/{voice}` with the `xi-api-key` header; the
 * MP3 it answers is stored with the uploads (no larger than an upload may be) and its URL returned.
 */
export function createElevenLabsPort(options: {
  vault: CredentialsVault;
  guardedFetch: typeof fetch;
  storeFile: GeneratedFileStore;
  maxBytes: number;
}): ElevenLabsPort {
  return {
    async textToSpeech(request, scope) {
      const credentials = await options.vault.resolve("elevenlabs", request.credentialsId, scope);
      if (!credentials) return { ok: false, error: "Could not find credentials for block elevenlabs" };
      const base = serviceBaseUrl(credentials.baseUrl, ELEVENLABS_BASE_URL);
      const called = await callApi(
        options.guardedFetch,
        LABEL,
        `${base}/v1/text-to-speech/${encodeURIComponent(request.voiceId)}`,
        {
          method: "POST",
          headers: { accept: "audio/mpeg", "content-type": "application/json", "xi-api-key": credentials.apiKey },
          deadline: request.deadline,
          body: JSON.stringify({ ...(request.modelId ? { model_id: request.modelId } : {}), text: request.text }),
        },
      );
      if (!called.ok) return called;
      const audio = await readLimitedBytes(called.response, options.maxBytes).catch(() => undefined);
      if (!audio)
        return {
          ok: false,
          error: `${LABEL} API error - audio too large`,
          details: `The audio is larger than the ${options.maxBytes} bytes an upload may have`,
        };
      return { ok: true, url: await options.storeFile(audio, "speech.mp3") };
    },
  };
}
