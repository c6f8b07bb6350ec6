import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseAllowedHosts } from "../../../src/integrations/http/host-allowlist.js";
import { createHttpPort } from "../../../src/integrations/http/http-port.js";
import { embedTexts } from "../../../src/integrations/knowledge/embeddings.js";
import { FAKE_KEY } from "../../helpers/ai-fakes.js";
import {
  FAKE_EMBEDDING_DIMENSIONS,
  failingEmbeddingModels,
  fakeEmbedding,
  fakeEmbeddingsApi,
} from "../../helpers/embeddings-fakes.js";

let api: Awaited<ReturnType<typeof fakeEmbeddingsApi>>;
const http = createHttpPort({ enabled: true, allowedHosts: parseAllowedHosts(["127.0.0.1"]) });
const source = () => ({ baseUrl: `${api.url}/v1/`, apiKey: FAKE_KEY, model: "text-embedding-3-small" });

beforeAll(async () => {
  api = await fakeEmbeddingsApi({ maxBatch: 3 });
});
afterAll(() => api.close());

describe("embedTexts", () => {
  test("answers one vector per text, in order, in batches the provider accepts", async () => {
    const texts = ["refund policy", "shipping times", "opening hours", "warranty", "contact us", "prices", "returns"];
    const from = api.received.length;
    const result = await embedTexts(http, source(), texts, { timeoutMs: 5000, batchSize: 3 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.vectors.map((vector) => [...vector])).toEqual(
      texts.map((text) => [...Float32Array.from(fakeEmbedding(text))]),
    );
    expect(result.vectors[0]).toHaveLength(FAKE_EMBEDDING_DIMENSIONS);
    const calls = api.calls("/v1/embeddings", from);
    expect(calls.map((call) => call.json?.input)).toEqual([texts.slice(0, 3), texts.slice(3, 6), texts.slice(6)]);
    expect(calls[0]!.json?.model).toBe("text-embedding-3-small");
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
  });

  test("similar texts get closer vectors than unrelated ones (the fake's promise for hybrid tests)", () => {
    const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);
    const question = fakeEmbedding("How long do refunds take?");
    expect(cosine(question, fakeEmbedding("Refunds take five days"))).toBeGreaterThan(
      cosine(question, fakeEmbedding("We ship worldwide")),
    );
  });

  test("says why when the provider refuses, fails, answers too few vectors, or cannot be reached", async () => {
    expect(await embedTexts(http, { ...source(), apiKey: "sk-wrong" }, ["a"], { timeoutMs: 5000 })).toEqual({
      ok: false,
      error: "The embeddings API answered 401: Incorrect API key provided",
    });
    expect(await embedTexts(http, source(), ["a", "b", "c", "d"], { timeoutMs: 5000 })).toEqual({
      ok: false,
      error: "The embeddings API answered 400: Too many inputs: at most 3 per request",
    });
    expect(
      await embedTexts(http, { ...source(), model: failingEmbeddingModels.error }, ["a"], { timeoutMs: 5000 }),
    ).toEqual({ ok: false, error: "The embeddings API answered 500: The embedder is down" });
    expect(
      await embedTexts(http, { ...source(), model: failingEmbeddingModels.short }, ["a", "b"], { timeoutMs: 5000 }),
    ).toEqual({ ok: false, error: "The embeddings API's answer is not usable: it has 1 vectors for 2 texts." });
    const closedPort = await fakeEmbeddingsApi();
    await closedPort.close();
    const unreachable = await embedTexts(http, { ...source(), baseUrl: `${closedPort.url}/v1` }, ["a"], {
      timeoutMs: 5000,
    });
    expect(unreachable.ok).toBe(false);
    expect(!unreachable.ok && unreachable.error).toMatch(/^The embeddings API could not be reached: .*ECONNREFUSED/);
  });

  test("the address guard applies: a private address is refused unless allowed", async () => {
    const guarded = createHttpPort({ enabled: true, allowedHosts: [] });
    const from = api.received.length;
    const result = await embedTexts(guarded, source(), ["a"], { timeoutMs: 5000 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^The embeddings API could not be reached: /);
    expect(api.received.length).toBe(from);
  });

  test("no texts, no request", async () => {
    const from = api.received.length;
    expect(await embedTexts(http, source(), [], { timeoutMs: 5000 })).toEqual({ ok: true, vectors: [] });
    expect(api.received.length).toBe(from);
  });
});
