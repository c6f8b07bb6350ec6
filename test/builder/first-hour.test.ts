import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typebotEmbedClientSource } from "../helpers/typebot-embed-client.js";
import { startHostSite, type HostSite } from "../web/host-site.js";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";
import { referenceExport } from "./reference-export.js";

/**
 * Issue #37, a migrating owner's first hour end to end in Chromium: a reference export with its public
 * id imported through the builder, previewed, published, edited and undone, then the owner's unchanged
 * site chatting through the reference's client with only `apiHost` changed.
 */
describe("a migrating owner's first hour", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let site: HostSite;
  // The server is shared with other files, whose bots may hold the export's own id: this run's is its own.
  const publicId = `first-hour-${process.pid}-${Date.now().toString(36)}`;
  const publish = () => page.locator(".editor-toolbar").getByRole("button", { name: /^Publish/ });

  beforeAll(async () => {
    harness = await createBuilderHarness();
    site = await startHostSite();
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
    await site?.close();
  });

  it("imports the export keeping its public id, previews and publishes it with the reference client's apiHost", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-first-hour-")), "support-desk.json");
    fs.writeFileSync(file, JSON.stringify({ ...referenceExport(), publicId }));
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole("status").filter({ hasText: "Imported “Support desk (reference export)”." }).waitFor();

    await page.getByRole("link", { name: /Support desk \(reference export\)/ }).click();
    await page.locator('[data-testid="group-Welcome"]').waitFor();
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.frameLocator('[data-testid="preview-chat"] iframe');
    await preview.getByText("Acme support").waitFor();
    await preview.getByPlaceholder("Your work email").fill("owner@example.com");
    await preview.getByRole("button", { name: "Go" }).click();
    await preview.getByRole("button", { name: "Sales" }).click();
    await preview.getByText("Our sales team will write to owner@example.com.").waitFor();

    await expect.poll(() => publish().textContent()).toBe("Publish");
    await publish().click();
    const dialog = page.getByRole("dialog", { name: "Your bot is published" });
    await dialog.getByRole("tab", { name: "Typebot's client" }).click();
    expect(await dialog.getByTestId("embed-snippet").textContent()).toContain(
      `Typebot.initStandard({ typebot: "${publicId}", apiHost: "${harness.server.url}" })`,
    );
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => publish().textContent()).toBe("Published");
  });

  it("says Published again after a group is added and deleted, whichever publish-state answer comes back last", async () => {
    // The answer to the first save (the copy is there) is held until the second save's answer has arrived.
    let stale: { route: Route; body: string } | undefined;
    let heldOne: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (heldOne = resolve));
    await page.route("**/publish-state", async (route) => {
      if (stale) return route.continue();
      const response = await route.fetch();
      stale = { route, body: await response.text() };
      heldOne();
    });
    const saved = () => page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();

    await page.locator('[data-testid="group-Sales"] .group-header').click();
    await page.keyboard.press("Control+c");
    const pane = (await page.locator(".react-flow__pane").boundingBox())!;
    await page.mouse.move(pane.x + 150, pane.y + pane.height - 120);
    await page.keyboard.press("Control+v");
    await page.locator('[data-testid="group-Sales (copy)"]').waitFor();
    await held;
    expect(JSON.parse(stale!.body)).toMatchObject({ hasUnpublishedChanges: true });
    await expect.poll(() => publish().textContent()).toBe("Publish changes");

    const second = page.waitForResponse((response) => response.url().endsWith("/publish-state"));
    // The copy is selected once Sales is not: a selected group is drawn above the others.
    await page.locator(".react-flow__pane").click({ position: { x: 10, y: 10 } });
    const copy = page.locator('[data-testid="group-Sales (copy)"]');
    await copy.locator(".group-header").click();
    // Delete acts on the selection: pressed before the click has selected the copy, it deletes nothing.
    await expect.poll(() => copy.getAttribute("class")).toContain("selected");
    await page.keyboard.press("Delete");
    await expect.poll(() => page.locator('[data-testid="group-Sales (copy)"]').count()).toBe(0);
    await saved();
    expect(await (await second).json()).toMatchObject({ hasUnpublishedChanges: false });
    await expect.poll(() => publish().textContent()).toBe("Published");

    // The older answer arrives last; the page has handled it once a later request has gone round.
    const late = page.waitForResponse((response) => response.url().endsWith("/publish-state"));
    await stale!.route.fulfill({ status: 200, contentType: "application/json", body: stale!.body });
    await late;
    await page.evaluate(() => fetch("/api/health").then((response) => response.text()));
    expect(await publish().textContent()).toBe("Published");
    await page.unroute("**/publish-state");

    await page.goto(`${harness.server.url}/bots`);
    const card = page.locator(".bot-card", { hasText: "Support desk (reference export)" });
    await card.getByText("Published", { exact: true }).waitFor();
  });

  it("chats through the reference's client on the owner's site with only apiHost changed", async () => {
    const apiHost = harness.server.url;
    const url = site.page(
      "/support",
      `<!doctype html><html><head><title>Support</title></head><body><h1>Support</h1><script>
var __name = (target) => target;
window.client = (${typebotEmbedClientSource()})(${JSON.stringify(apiHost)});
</script></body></html>`,
    );
    const visitor = await harness.browser.newPage();
    await visitor.goto(url);
    const call = (method: string, ...args: unknown[]): Promise<any> =>
      visitor.evaluate(
        ([name, list]) => (globalThis as any).client[name as string](...(list as unknown[])),
        [method, args],
      );
    const texts = (messages: { content: { richText: { children: { text: string }[] }[] } }[]) =>
      messages.map((message) =>
        message.content.richText.map((line) => line.children.map((child) => child.text).join("")).join("\n"),
      );

    const start = await call("startChat", publicId);
    expect(start.status).toBe(200);
    expect(texts(start.body.messages)).toEqual(["Welcome to Acme support"]);
    expect(start.body.input).toMatchObject({ id: "bemail", type: "email input" });
    const sessionId = start.body.sessionId as string;

    const retried = await call("sendText", sessionId, "not an address");
    expect(texts(retried.body.messages)).toEqual(["That is not an e-mail address."]);
    const chose = await call("sendText", sessionId, "ada@example.com");
    expect(chose.body.input).toMatchObject({ id: "btopic", type: "choice input" });
    const ended = await call("sendText", sessionId, "A bug");
    expect(texts(ended.body.messages)).toEqual([
      "Sorry about that. We answer bugs within a day.",
      "Our sales team will write to ada@example.com.",
    ]);
    expect(ended.body.input).toBeUndefined();

    const { bots } = await harness.api("GET", `/api/v1/bots?workspaceId=${harness.user.workspaceId}`);
    const { results } = await harness.api("GET", `/api/v1/bots/${bots[0].id}/results`);
    expect(results).toHaveLength(1);
    expect(results[0].answers.map((answer: { content: string }) => answer.content)).toEqual([
      "ada@example.com",
      "A bug",
    ]);
    await visitor.close();
    expect(page.problems).toEqual([]);
  });

  it("imports the same export again and says its public id was not kept, and what to do", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-first-hour-")), "support-desk.json");
    fs.writeFileSync(file, JSON.stringify({ ...referenceExport(), publicId }));
    await page.locator('input[type="file"]').setInputFiles(file);
    await page
      .getByRole("status")
      .filter({
        hasText: `Imported “Support desk (reference export)”. The export's public id "${publicId}" was not kept: another bot of this server uses it. Free it there and enter it in Settings → Public id, or change the embed code to the new bot's id.`,
      })
      .waitFor();
    expect(page.problems).toEqual([]);
  });
});
