import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAiPort } from "../../../src/integrations/ai/ai-port.js";
import { retryAfterMs } from "../../../src/integrations/ai/deadline-fetch.js";
import type { CredentialsVault } from "../../../src/integrations/credentials/credentials-vault.js";
import { FAKE_KEY, fakeOpenAi } from "../../helpers/ai-fakes.js";

let fake: Awaited<ReturnType<typeof fakeOpenAi>>;
beforeAll(async () => {
  fake = await fakeOpenAi();
});
afterAll(() => fake.close());

/** A vault holding one credential, pointed at the fake. */
const vault = (baseUrl: string) =>
  ({
    resolve: async (_type: string, id: string) => (id === "cred" ? { apiKey: FAKE_KEY, baseUrl } : undefined),
  }) as unknown as CredentialsVault;
const scope = { workspaceId: "w", botId: "b", mode: "live" as const };
const ask = (model: string) => ({
  provider: "groq" as const,
  credentialsId: "cred",
  model,
  messages: [{ role: "user" as const, content: "Hi" }],
});

describe("AI port", () => {
  it("gives up on a silent model at its timeout, with a timeout failure", async () => {
    const ai = createAiPort({
      vault: vault(`${fake.url}/v1`),
      guard: { enabled: false, allowedHosts: [] },
      storeAudio: async () => "",
      timeoutMs: 300,
    });
    const started = Date.now();
    const result = await ai.chat(ask("silent"), scope);
    expect(result).toMatchObject({ ok: false, error: "Groq API error - timeout" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("does not wait on a Retry-After past the call's deadline", async () => {
    const ai = createAiPort({
      vault: vault(`${fake.url}/v1`),
      guard: { enabled: false, allowedHosts: [] },
      storeAudio: async () => "",
    });
    const result = await ai.chat({ ...ask("fail-429-always"), deadline: Date.now() + 2_000 }, scope);
    expect(result).toMatchObject({ ok: false, error: "Groq API error - 429", status: 429 });
  });

  it("refuses a private address unless the host is allowed", async () => {
    const ai = createAiPort({
      vault: vault(`${fake.url}/v1`),
      guard: { enabled: true, allowedHosts: [] },
      storeAudio: async () => "",
    });
    const result = await ai.chat(ask("test-model"), scope);
    expect(result).toMatchObject({ ok: false, error: "Groq API error - refused" });
    expect(String((result as { details?: string }).details)).toContain("PARLEY_HTTP_ALLOWED_HOSTS");
  });

  it("reads Retry-After as seconds or as a date", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs("soon")).toBeUndefined();
    const inTen = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterMs(inTen)).toBeGreaterThan(8_000);
  });
});
