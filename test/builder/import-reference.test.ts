import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, shot, type BuilderHarness, type WatchedPage } from "./builder-harness.js";
import { referenceExport } from "./reference-export.js";

describe("importing a reference-product export", { timeout: 120_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("imports the file unchanged, converted to the current schema", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-import-")), "support-desk.json");
    // The server is shared with other files, whose bots may hold the export's own id: this run's is its own.
    const publicId = `support-desk-${process.pid}-${Date.now().toString(36)}`;
    fs.writeFileSync(file, JSON.stringify({ ...referenceExport(), publicId }, null, 2));
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole("status").filter({ hasText: "Imported “Support desk (reference export)”." }).waitFor();
    await page.getByRole("link", { name: /Support desk \(reference export\)/ }).waitFor();
    await shot(page, "10-imported");

    const { bots } = await harness.api("GET", `/api/v1/bots?workspaceId=${harness.user.workspaceId}`);
    const { bot } = await harness.api("GET", `/api/v1/bots/${bots[0].id}`);
    expect(bot.version).toBe("6");
    expect(bot.events[0].type).toBe("start");
    expect(bot.groups.map((group: { title: string }) => group.title)).toEqual(["Welcome", "Sales", "Bug"]);
    expect(bot.groups[2].blocks[1]).toEqual({
      id: "blink",
      type: "Bot link",
      options: { botId: "current", groupId: "gsales" },
    });
    expect(bot.settings.metadata.tagManagerId).toBe("GTM-REF1");
    // The export's public id was free here: kept, so the site's embed code works once the bot is published.
    expect(bot.publicId).toBe(publicId);
  });

  it("opens it in the editor and runs it in the preview", async () => {
    await page.getByRole("link", { name: /Support desk \(reference export\)/ }).click();
    await page.locator('[data-testid="group-Welcome"]').waitFor();
    expect(await page.locator(".react-flow__edge").count()).toBe(3);
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    // The preview runs in a sandboxed frame inside the pane.
    const chat = page.frameLocator('[data-testid="preview-chat"] iframe');
    await chat.getByText("Acme support").waitFor();
    const email = chat.getByPlaceholder("Your work email");
    await email.fill("not an address");
    await email.press("Enter");
    await chat.getByText("That is not an e-mail address.").waitFor();
    await chat.getByPlaceholder("Your work email").fill("ada@example.com");
    await chat.getByRole("button", { name: "Go" }).click();
    await chat.getByRole("button", { name: "A bug" }).click();
    await chat.getByText("Sorry about that. We answer bugs within a day.").waitFor();
    // The converted "Typebot link" to this bot continues in the Sales group.
    await chat.getByText("Our sales team will write to ada@example.com.").waitFor();
    await shot(page, "11-imported-preview");
    expect(page.problems).toEqual([]);
  });
});
