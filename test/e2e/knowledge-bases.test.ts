import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_READ_ONLY } from "../../src/services/auth/write-access.js";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

/** A small web site for URL documents: a page, and a page that redirects to the cloud metadata address. */
let site: http.Server;
let siteUrl: string;
let pageText = "Opening hours\n\nWe open at nine every weekday.";
let server: TestServer;
let owner: Awaited<ReturnType<TestServer["createUser"]>>;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  site = http.createServer((request, response) => {
    if (request.url === "/hours.txt") response.writeHead(200, { "content-type": "text/plain" }).end(pageText);
    else if (request.url === "/sneaky")
      response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const port = (site.address() as AddressInfo).port;
  siteUrl = `http://127.0.0.1:${port}`;
  server = await startTestServer({
    PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${port}`,
    PARLEY_KNOWLEDGE_POLL_MS: "50",
    PARLEY_KNOWLEDGE_MAX_DOCUMENT_MB: "0.01",
    PARLEY_KNOWLEDGE_MAX_DOCUMENTS: "6",
  });
  owner = await server.createUser();
  api = createClient(server.baseUrl, owner.token);
});
afterAll(async () => {
  await server?.close();
  site?.close();
});

const basesPath = () => `/v1/workspaces/${owner.workspaceId}/knowledgeBases`;

function upload(
  basePath: string,
  files: { name: string; type: string; text: string }[],
  token = owner.token,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const file of files) form.append("file", new Blob([file.text], { type: file.type }), file.name);
  return fetch(`${server.baseUrl}${basePath}/documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(async (response) => ({ status: response.status, body: await response.json() }));
}

/** Documents once none is queued or indexing any more. */
async function settled(basePath: string) {
  for (let tries = 0; tries < 200; tries++) {
    const { body } = await api.get(`${basePath}/documents`);
    if (
      body.documents.every(
        (document: { status: string }) => document.status !== "queued" && document.status !== "indexing",
      )
    )
      return body.documents as {
        id: string;
        name: string;
        status: string;
        error?: string;
        chunkCount: number;
        size: number;
      }[];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("documents never settled");
}

const markdown = `# Shop handbook

## Pricing

Our plans cost 10 euros a month.

### Refunds

Refunds are paid within 14 days of a return.

## Shipping

Parcels leave the warehouse every morning.
`;
const html = `<html><head><title>Contact page</title><script>var secret = "refunds everywhere";</script></head>
<body><h1>Contact</h1><p>Write to help@example.com &amp; we answer within a day.</p></body></html>`;

describe("knowledge bases over the API", () => {
  it("creates, lists, renames and deletes a base; another workspace's is 404", async () => {
    const created = await api.post(basesPath(), { name: "  Help  " });
    expect(created.status).toBe(201);
    expect(created.body.knowledgeBase).toMatchObject({
      name: "Help",
      documentCount: 0,
      chunkCount: 0,
      workspaceId: owner.workspaceId,
    });
    const id = created.body.knowledgeBase.id;
    const renamed = await api.patch(`${basesPath()}/${id}`, { name: "Help centre" });
    expect(renamed.body.knowledgeBase.name).toBe("Help centre");
    expect((await api.get(basesPath())).body.knowledgeBases.map((base: { name: string }) => base.name)).toEqual([
      "Help centre",
    ]);

    const stranger = await server.createUser();
    const theirs = createClient(server.baseUrl, stranger.token);
    const peek = await theirs.get(`/v1/workspaces/${stranger.workspaceId}/knowledgeBases/${id}`);
    expect(peek.status).toBe(404);
    expect(peek.body).toEqual({ code: "NOT_FOUND", message: "Knowledge base not found" });
    expect((await theirs.get(`${basesPath()}/${id}`)).status).toBe(404);

    const bad = await api.post(basesPath(), { name: " " });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([expect.objectContaining({ path: "name", message: "Name must not be empty" })]);

    const deleted = await api.delete(`${basesPath()}/${id}`);
    expect(deleted.status).toBe(204);
    expect((await api.get(`${basesPath()}/${id}`)).status).toBe(404);
  });

  it("indexes uploaded Markdown, HTML and text, and retrieves passages with their heading path", async () => {
    const base = (await api.post(basesPath(), { name: "Shop" })).body.knowledgeBase;
    const basePath = `${basesPath()}/${base.id}`;
    const uploaded = await upload(basePath, [
      { name: "handbook.md", type: "text/markdown", text: markdown },
      { name: "contact.html", type: "text/html", text: html },
      { name: "notes.txt", type: "text/plain", text: "Gift cards never expire.\n\nAsk at the desk." },
    ]);
    expect(uploaded.status).toBe(202);
    expect(
      uploaded.body.documents.map((document: { name: string; status: string; format: string }) => [
        document.name,
        document.status,
        document.format,
      ]),
    ).toEqual([
      ["handbook.md", "queued", "markdown"],
      ["contact.html", "queued", "html"],
      ["notes.txt", "queued", "text"],
    ]);
    const documents = await settled(basePath);
    expect(documents.map((document) => [document.name, document.status, document.chunkCount])).toEqual([
      ["Contact page", "ready", 1],
      ["Shop handbook", "ready", 3],
      ["notes.txt", "ready", 1],
    ]);

    const search = await api.post(`${basePath}/search`, { query: "How long do refunds take?" });
    expect(search.status).toBe(200);
    expect(search.body.hits).toEqual([
      expect.objectContaining({
        documentName: "Shop handbook",
        headingPath: ["Shop handbook", "Pricing", "Refunds"],
        text: "Refunds are paid within 14 days of a return.",
      }),
    ]);
    expect(search.body.hits[0].score).toBeGreaterThan(0);
    // The page's script is not text a visitor reads: never indexed.
    const contact = await api.post(`${basePath}/search`, { query: "secret help" });
    expect(contact.body.hits.map((hit: { text: string }) => hit.text)).toEqual([
      "Write to help@example.com & we answer within a day.",
    ]);
    expect((await api.get(`${basePath}`)).body.knowledgeBase).toMatchObject({ documentCount: 3, chunkCount: 5 });

    const empty = await api.post(`${basePath}/search`, { query: "" });
    expect(empty.status).toBe(400);
  });

  it("refuses an unknown format with 415, a document over the size limit with 413, a base that is full with 409", async () => {
    const base = (await api.post(basesPath(), { name: "Limits" })).body.knowledgeBase;
    const basePath = `${basesPath()}/${base.id}`;
    const exe = await upload(basePath, [{ name: "tool.exe", type: "application/octet-stream", text: "MZ" }]);
    expect(exe).toEqual({
      status: 415,
      body: {
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "tool.exe is not a document this server reads (PDF, DOCX, HTML, Markdown or text)",
      },
    });
    const big = await upload(basePath, [{ name: "big.txt", type: "text/plain", text: "x".repeat(20_000) }]);
    expect(big).toEqual({
      status: 413,
      body: { code: "PAYLOAD_TOO_LARGE", message: "big.txt is larger than 10486 bytes (the limit for a document)" },
    });
    const json = await api.post(`${basePath}/documents`, { file: "x" });
    expect(json.status).toBe(415);
    expect((await api.get(`${basePath}/documents`)).body.documents).toEqual([]);
    const many = Array.from({ length: 7 }, (_, n) => ({ name: `n${n}.txt`, type: "text/plain", text: "a" }));
    expect(await upload(basePath, many)).toEqual({
      status: 409,
      body: { code: "CONFLICT", message: "A knowledge base holds at most 6 documents" },
    });
  });

  it("fetches URL documents through the SSRF guard, re-fetches on reindex, and fails a redirect to a private address", async () => {
    const base = (await api.post(basesPath(), { name: "Web" })).body.knowledgeBase;
    const basePath = `${basesPath()}/${base.id}`;
    const added = await api.post(`${basePath}/documents/urls`, { urls: [`${siteUrl}/hours.txt`, `${siteUrl}/sneaky`] });
    expect(added.status).toBe(202);
    const [hours, sneaky] = await settled(basePath);
    expect(hours).toMatchObject({ status: "ready", source: "url", url: `${siteUrl}/hours.txt`, format: "text" });
    expect(sneaky).toMatchObject({ status: "failed", source: "url" });
    expect(sneaky!.error).toMatch(/^The page was refused: /);
    expect(sneaky!.error).toContain("169.254.169.254");

    pageText = "Opening hours\n\nWe open at ten on Saturdays.";
    const reindexed = await api.post(`${basePath}/documents/${hours!.id}/reindex`);
    expect(reindexed.status).toBe(202);
    expect(reindexed.body.document.status).toBe("queued");
    await settled(basePath);
    const hits = (await api.post(`${basePath}/search`, { query: "saturdays" })).body.hits;
    expect(hits.map((hit: { text: string; url: string }) => [hit.text, hit.url])).toEqual([
      ["Opening hours\n\nWe open at ten on Saturdays.", `${siteUrl}/hours.txt`],
    ]);
    const badUrl = await api.post(`${basePath}/documents/urls`, { urls: ["file:///etc/passwd"] });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.issues[0]).toMatchObject({ path: "urls.0", message: "Must be an http(s) URL" });

    expect((await api.delete(`${basePath}/documents/${hours!.id}`)).status).toBe(204);
    expect((await api.post(`${basePath}/search`, { query: "saturdays" })).body.hits).toEqual([]);
    expect((await api.delete(`${basePath}/documents/${hours!.id}`)).status).toBe(404);
  });

  it("lets a guest read and search but not change anything", async () => {
    const base = (await api.post(basesPath(), { name: "Guests" })).body.knowledgeBase;
    const guest = await server.createUser();
    await server.ctx.workspaces.addMember(owner.workspaceId, guest.userId, "GUEST");
    const guestApi = createClient(server.baseUrl, guest.token);
    expect((await guestApi.get(basesPath())).status).toBe(200);
    expect((await guestApi.post(`${basesPath()}/${base.id}/search`, { query: "anything" })).body).toEqual({ hits: [] });
    const refused = await guestApi.post(basesPath(), { name: "Mine" });
    expect(refused).toMatchObject({ status: 403, body: { code: "FORBIDDEN", message: GUEST_READ_ONLY } });
    const upload403 = await upload(
      `${basesPath()}/${base.id}`,
      [{ name: "a.txt", type: "text/plain", text: "a" }],
      guest.token,
    );
    expect(upload403).toEqual({ status: 403, body: { code: "FORBIDDEN", message: GUEST_READ_ONLY } });
  });
});
