import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEY } from "../helpers/ai-fakes.js";
import { fakeEmbeddingsApi } from "../helpers/embeddings-fakes.js";
import { createBuilderHarness, shot, type BuilderHarness } from "./builder-harness.js";

describe("the Knowledge page: a base, a document dropped in, its status, and the test search", {
  timeout: 180_000,
}, () => {
  let harness: BuilderHarness;
  let embeddings: Awaited<ReturnType<typeof fakeEmbeddingsApi>>;

  beforeAll(async () => {
    embeddings = await fakeEmbeddingsApi();
    harness = await createBuilderHarness({
      PARLEY_KNOWLEDGE_POLL_MS: "100",
      PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${embeddings.port}`,
    });
  });
  afterAll(async () => {
    await harness?.close();
    await embeddings?.close();
  });

  it("creates a base, indexes an uploaded Markdown file and shows the passages a question retrieves", async () => {
    const page = await harness.signedInPage();
    await page.getByRole("link", { name: "Knowledge" }).click();
    await page.getByRole("heading", { name: "Knowledge bases" }).waitFor();
    await page.getByText("No knowledge base yet").waitFor();
    await page.getByLabel("New knowledge base").fill("Help centre");
    await page.getByRole("button", { name: "Create" }).click();
    const panel = page.getByRole("region", { name: "Knowledge base Help centre" });
    await panel.waitFor();

    await panel.getByLabel("Choose files").setInputFiles({
      name: "shop.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("# Shop\n\n## Refunds\n\nRefunds are paid within 14 days of a return.\n"),
    });
    const row = panel.getByRole("row", { name: /Shop/ });
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toMatch(/ready/);
    expect(await row.textContent()).toContain("Shop");
    await page.getByRole("button", { name: "Help centre (1 documents, 1 passages)" }).waitFor();

    await panel.getByLabel("Test a question").fill("how long do refunds take");
    await panel.getByRole("button", { name: "Search" }).click();
    const hits = panel.getByRole("list", { name: "Passages found" });
    await hits.waitFor();
    const text = (await hits.textContent()) ?? "";
    expect(text).toContain("Refunds are paid within 14 days of a return.");
    expect(text).toMatch(/0\.\d\d · Shop · Shop › Refunds/);
    await shot(page, "70-knowledge");

    const unsupported = panel.getByLabel("Choose files");
    await unsupported.setInputFiles({
      name: "tool.exe",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("MZ"),
    });
    await panel.getByText("tool.exe is not a document this server reads (PDF, DOCX, HTML, Markdown or text)").waitFor();
    expect(page.problems).toEqual([]);
  });

  it("names an embeddings source and a mode in the Retrieval panel: the base's documents are embedded again", async () => {
    const { workspaceId } = harness.user;
    await harness.api("POST", `/api/v1/workspaces/${workspaceId}/credentials`, {
      type: "openai",
      name: "Embedder",
      data: { apiKey: FAKE_KEY, baseUrl: `${embeddings.url}/v1` },
    });
    const page = await harness.signedInPage();
    await page.getByRole("link", { name: "Knowledge" }).click();
    await page.getByRole("button", { name: "Help centre (1 documents, 1 passages)" }).click();
    const panel = page.getByRole("region", { name: "Knowledge base Help centre" });
    await panel.waitFor();
    await panel.getByLabel("Embeddings credentials").selectOption({ label: "Embedder (openai)" });
    await panel.getByLabel("Embeddings model").fill("text-embedding-3-small");
    await panel.getByLabel("Search mode").selectOption("vector");
    const before = embeddings.received.length;
    await panel.getByRole("button", { name: "Save retrieval settings" }).click();
    await expect.poll(() => embeddings.calls("/v1/embeddings", before).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const { knowledgeBases } = await harness.api("GET", `/api/v1/workspaces/${workspaceId}/knowledgeBases`);
    expect(knowledgeBases[0]).toMatchObject({
      searchMode: "vector",
      embeddings: { model: "text-embedding-3-small" },
    });
    const row = panel.getByRole("row", { name: /Shop/ });
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toMatch(/ready/);
    expect(page.problems).toEqual([]);
  });
});
