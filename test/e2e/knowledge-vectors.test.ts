import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEY } from "../helpers/ai-fakes.js";
import { fakeEmbeddingsApi, failingEmbeddingModels } from "../helpers/embeddings-fakes.js";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { fuseByReciprocalRank } from "../../src/services/knowledge/knowledge-retrieval.js";

/** Knowledge bases with an embeddings source, against the OpenAI-compatible fake over real HTTP. */
let embeddings: Awaited<ReturnType<typeof fakeEmbeddingsApi>>;
let server: TestServer;
let owner: Awaited<ReturnType<TestServer["createUser"]>>;
let api: ReturnType<typeof createClient>;
let credentialsId: string;

beforeAll(async () => {
  embeddings = await fakeEmbeddingsApi({ maxBatch: 2 });
  server = await startTestServer({
    PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${embeddings.port}`,
    PARLEY_KNOWLEDGE_POLL_MS: "50",
    PARLEY_KNOWLEDGE_EMBEDDINGS_BATCH: "2",
  });
  owner = await server.createUser();
  api = createClient(server.baseUrl, owner.token);
  const created = await api.post(`/v1/workspaces/${owner.workspaceId}/credentials`, {
    type: "openai",
    name: "Embeddings",
    data: { apiKey: FAKE_KEY, baseUrl: `${embeddings.url}/v1` },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  credentialsId = created.body.credentials.id;
});
afterAll(async () => {
  await server?.close();
  await embeddings?.close();
});

const basesPath = () => `/v1/workspaces/${owner.workspaceId}/knowledgeBases`;

type Hit = { text: string; score: number; chunkId: string };
type Document = { name: string; status: string; error?: string; chunkCount: number };

async function settled(basePath: string): Promise<Document[]> {
  for (let tries = 0; tries < 200; tries++) {
    const { body } = await api.get(`${basePath}/documents`);
    if (body.documents.every((document: Document) => document.status !== "queued" && document.status !== "indexing"))
      return body.documents;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("documents never settled");
}

async function uploadMarkdown(basePath: string, name: string, text: string) {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/markdown" }), name);
  const response = await fetch(`${server.baseUrl}${basePath}/documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  expect(response.status).toBe(202);
}

const handbook = `# Handbook

## Refunds

Refunds are paid within 14 days of a return.

## Shipping

Parcels leave the warehouse every morning; shipping is free above 50 euros.

## Opening hours

The shop opens at nine and closes at six.

## Returns

A return needs the receipt and the original box.
`;

const search = async (basePath: string, query: string, searchMode?: string): Promise<Hit[]> => {
  const response = await api.post(`${basePath}/search`, { query, limit: 4, ...(searchMode ? { searchMode } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.hits;
};

describe("knowledge bases with an embeddings source", () => {
  it("embeds every passage in batches, and searches by vector and by hybrid fusion of both rankings", async () => {
    const created = await api.post(basesPath(), {
      name: "Shop",
      embeddings: { credentialsId, model: "text-embedding-3-small" },
    });
    expect(created.status).toBe(201);
    expect(created.body.knowledgeBase).toMatchObject({
      searchMode: "hybrid",
      embeddings: { credentialsId, model: "text-embedding-3-small" },
    });
    const basePath = `${basesPath()}/${created.body.knowledgeBase.id}`;
    const before = embeddings.received.length;
    await uploadMarkdown(basePath, "handbook.md", handbook);
    expect((await settled(basePath)).map((document) => [document.status, document.chunkCount])).toEqual([["ready", 4]]);
    // Four passages, two per request (the fake refuses more), with the credential's key.
    const calls = embeddings.calls("/v1/embeddings", before);
    expect(calls.map((call) => (call.json as { input: string[] }).input.length)).toEqual([2, 2]);
    expect(calls.every((call) => call.headers.authorization === `Bearer ${FAKE_KEY}`)).toBe(true);
    expect((calls[0]!.json as { input: string[] }).input[0]).toBe(
      "Handbook\nRefunds\nRefunds are paid within 14 days of a return.",
    );

    const vector = await search(basePath, "how are refunds paid", "vector");
    expect(vector[0]!.text).toBe("Refunds are paid within 14 days of a return.");
    expect(vector[0]!.score).toBeGreaterThan(0);
    expect(vector[0]!.score).toBeLessThanOrEqual(1);

    const question = "return receipt box refund";
    const fulltext = await search(basePath, question, "fulltext");
    const meaning = await search(basePath, question, "vector");
    const hybrid = await search(basePath, question);
    expect(hybrid.map((hit) => hit.text)).toEqual(
      fuseByReciprocalRank([fulltext, meaning] as never[], 4).map((hit) => hit.text),
    );
    expect(hybrid[0]!.text).toBe("A return needs the receipt and the original box.");
    // Scores fall along the fused order.
    for (let index = 1; index < hybrid.length; index++)
      expect(hybrid[index]!.score).toBeLessThanOrEqual(hybrid[index - 1]!.score);
  });

  it("indexes every document again with a new model, and searches with the new model's vectors only", async () => {
    const base = (await api.post(basesPath(), { name: "Models", embeddings: { credentialsId, model: "model-a" } })).body
      .knowledgeBase;
    const basePath = `${basesPath()}/${base.id}`;
    await uploadMarkdown(basePath, "handbook.md", handbook);
    await settled(basePath);
    const before = embeddings.received.length;
    const renamed = await api.patch(basePath, { name: "Models renamed", searchMode: "vector" });
    expect(renamed.body.knowledgeBase).toMatchObject({ name: "Models renamed", searchMode: "vector" });
    expect((await api.get(`${basePath}/documents`)).body.documents[0].status).toBe("ready");

    const changed = await api.patch(basePath, { embeddings: { credentialsId, model: "model-b" } });
    expect(changed.status).toBe(200);
    expect(changed.body.knowledgeBase.embeddings).toEqual({ credentialsId, model: "model-b" });
    expect((await settled(basePath)).map((document) => document.status)).toEqual(["ready"]);
    const models = embeddings.calls("/v1/embeddings", before).map((call) => (call.json as { model: string }).model);
    // The re-index (two batches of two) and the question, all with the new model.
    expect((await search(basePath, "opening hours"))[0]!.text).toBe("The shop opens at nine and closes at six.");
    expect([
      ...new Set(embeddings.calls("/v1/embeddings", before).map((call) => (call.json as { model: string }).model)),
    ]).toEqual(["model-b"]);
    expect(models).toEqual(["model-b", "model-b"]);

    // No source any more: every mode searches full text.
    const none = await api.patch(basePath, { embeddings: null });
    expect(none.body.knowledgeBase.embeddings).toBeUndefined();
    await settled(basePath);
    const count = embeddings.received.length;
    expect((await search(basePath, "opening hours"))[0]!.text).toBe("The shop opens at nine and closes at six.");
    expect(embeddings.received.length).toBe(count);
  });

  it("fails a document with the provider's reason when embedding fails, and refuses a source it cannot use", async () => {
    const base = (
      await api.post(basesPath(), { name: "Down", embeddings: { credentialsId, model: failingEmbeddingModels.error } })
    ).body.knowledgeBase;
    const basePath = `${basesPath()}/${base.id}`;
    await uploadMarkdown(basePath, "handbook.md", handbook);
    expect(await settled(basePath)).toEqual([
      expect.objectContaining({
        status: "failed",
        chunkCount: 0,
        error: "Embedding failed: The embeddings API answered 500: The embedder is down",
      }),
    ]);
    // A vector search cannot embed the question: 503 with the reason; hybrid answers from full text.
    const vector = await api.post(`${basePath}/search`, { query: "refunds", searchMode: "vector" });
    expect(vector.status).toBe(503);
    expect(vector.body).toEqual({
      code: "SERVICE_UNAVAILABLE",
      message: "The embeddings API answered 500: The embedder is down",
    });

    const short = (
      await api.post(basesPath(), { name: "Short", embeddings: { credentialsId, model: failingEmbeddingModels.short } })
    ).body.knowledgeBase;
    await uploadMarkdown(`${basesPath()}/${short.id}`, "handbook.md", handbook);
    expect((await settled(`${basesPath()}/${short.id}`))[0]!.error).toBe(
      "Embedding failed: The embeddings API's answer is not usable: it has 1 vectors for 2 texts.",
    );

    const missing = await api.post(basesPath(), { name: "X", embeddings: { credentialsId: "nope", model: "m" } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: "BAD_REQUEST",
      message: "The workspace has no such credentials",
      issues: [{ path: "body.embeddings.credentialsId", message: "The workspace has no such credentials" }],
    });
    const smtp = await api.post(`/v1/workspaces/${owner.workspaceId}/credentials`, {
      type: "anthropic",
      name: "Claude",
      data: { apiKey: FAKE_KEY },
    });
    const wrongType = await api.post(basesPath(), {
      name: "X",
      embeddings: { credentialsId: smtp.body.credentials.id, model: "m" },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^Credentials of type anthropic cannot make embeddings/);
    const badMode = await api.post(basesPath(), { name: "X", searchMode: "semantic" });
    expect(badMode.status).toBe(400);
  });
});
