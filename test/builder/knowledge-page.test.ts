import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, shot, type BuilderHarness } from "./builder-harness.js";

describe("the Knowledge page: a base, a document dropped in, its status, and the test search", {
  timeout: 180_000,
}, () => {
  let harness: BuilderHarness;

  beforeAll(async () => {
    harness = await createBuilderHarness({ PARLEY_KNOWLEDGE_POLL_MS: "100" });
  });
  afterAll(async () => {
    await harness?.close();
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
});
