import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILDER_CSP } from "../../src/http/builder-pages.js";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";
import { computedStyle } from "./canvas-actions.js";

/**
 * Issue 31 item 4: a bot's theme font (a stylesheet URL of the bot's choosing) and custom CSS never
 * reach the builder's own document. The theme panel draws its preview in the sandboxed preview frame;
 * the builder's CSP takes styles and fonts from its own origin only.
 */
describe("a bot's theme stays out of the builder's document", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let listener: http.Server;
  let fontUrl: string;
  const received: string[] = [];

  beforeAll(async () => {
    listener = http.createServer((request, response) => {
      received.push(request.url ?? "");
      response.writeHead(200, { "content-type": "text/css" }).end("input[value^='a'] { background: red }");
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    // loadThemeFont takes https URLs only; a plain listener then sees a TLS hello, never an HTTP request.
    fontUrl = `https://127.0.0.1:${(listener.address() as AddressInfo).port}/font.css`;
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
    await new Promise((resolve) => listener?.close(resolve));
  });

  it("previews the font in the sandboxed frame only, under the builder's strict CSP", async () => {
    const {
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Styled",
        theme: {
          general: { font: { type: "Custom", family: "Evil", url: fontUrl } },
          chat: { hostBubbles: { backgroundColor: "#112233" } },
          customCss: ".bubble.host { outline: 3px solid rgb(1, 2, 3) }",
        },
      },
    });
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url() === fontUrl) fontRequests.push(request.frame().url());
    });
    const response = await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    expect(response?.headers()["content-security-policy"]).toBe(BUILDER_CSP);
    expect(BUILDER_CSP).toContain("style-src 'self' 'unsafe-inline';");
    expect(BUILDER_CSP).toContain("font-src 'self' data:;");
    expect(BUILDER_CSP).not.toMatch(/(style|font)-src[^;]*https:/);

    await page.getByRole("button", { name: "Theme", exact: true }).click();
    const preview = page.frameLocator(".theme-preview iframe");
    // The preview shows the theme, its custom CSS included, inside the frame.
    await expect
      .poll(() => computedStyle(preview.locator(".bubble.host").first(), "outlineColor"))
      .toBe("rgb(1, 2, 3)");
    const frameLinks = await preview
      .locator(`link[rel=stylesheet]`)
      .evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href));
    expect(frameLinks).toContain(fontUrl);

    // The builder's document: no link to the font, no request for it.
    expect(await page.locator(`link[href="${fontUrl}"]`).count()).toBe(0);
    const builderSheets = await page
      .locator("link[rel=stylesheet]")
      .evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href));
    expect(
      builderSheets.every((href) => href.startsWith(`${harness.server.url}/`)),
      builderSheets.join(" "),
    ).toBe(true);
    expect(fontRequests.length).toBeGreaterThan(0);
    expect(fontRequests.every((frameUrl) => new URL(frameUrl).pathname === "/preview-frame")).toBe(true);
    expect(received).toEqual([]);
  });
});
