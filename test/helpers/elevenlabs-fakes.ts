import { FAKE_AUDIO, FAKE_KEY, sendFakeJson, startFakeServer } from "./ai-fakes.js";

/** Voice ids that make the fake misbehave: an unknown voice, or audio larger than the test server's upload limit. */
export const elevenLabsVoices = { good: "voice-ann", missing: "voice-missing", huge: "voice-huge" } as const;
/** Bytes of the "huge" answer: past a 1 MB upload limit. */
export const HUGE_AUDIO_BYTES = 2 * 1024 * 1024;

/** ElevenLabs' text-to-speech endpoint: checks `xi-api-key`, answers MP3 bytes. */
export function fakeElevenLabs() {
  return startFakeServer((request, response) => {
    const voice = /^\/v1\/text-to-speech\/([^/?]+)/.exec(request.path)?.[1];
    if (request.method !== "POST" || !voice) return sendFakeJson(response, 404, { detail: "Not found" });
    if (request.headers["xi-api-key"] !== FAKE_KEY)
      return sendFakeJson(response, 401, { detail: { status: "invalid_api_key", message: "Invalid API key" } });
    if (voice === elevenLabsVoices.missing)
      return sendFakeJson(response, 404, { detail: { status: "voice_not_found", message: "Voice not found" } });
    response.writeHead(200, { "content-type": "audio/mpeg" });
    response.end(voice === elevenLabsVoices.huge ? Buffer.alloc(HUGE_AUDIO_BYTES, 1) : FAKE_AUDIO);
  });
}
