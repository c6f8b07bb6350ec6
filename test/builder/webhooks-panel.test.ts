import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookReceiver } from "../helpers/webhook-receiver.js";
import { createBuilderHarness, shot, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

/** The Webhooks panel in the bot's settings, in Chromium, against a real receiver. */
describe("the Webhooks panel", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  let page: WatchedPage;
  let botId: string;

  beforeAll(async () => {
    receiver = await webhookReceiver();
    harness = await createBuilderHarness({
      PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
      PARLEY_OUTBOX_POLL_MS: "50",
    });
    page = await harness.signedInPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: harness.server.url });
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: { name: "Hooked" },
    }));
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await page.getByRole("button", { name: "Settings", exact: true }).click();
  });
  afterAll(async () => {
    await harness?.close();
    await receiver?.close();
  });

  it("adds a webhook, shows its secret once, sends a test and shows the delivery's status", async () => {
    const panel = page.getByRole("region", { name: "Webhooks" });
    await panel.getByText("No webhooks yet.").waitFor();
    await panel.getByLabel("Webhook URL").fill(receiver.url("/builder"));
    await panel.getByLabel(/Each answer/).check();
    await panel.getByRole("button", { name: "Add webhook" }).click();

    const notice = panel.getByRole("status").filter({ hasText: "Signing secret" });
    await notice.waitFor();
    const secret = (await notice.locator("code").textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await notice.getByRole("button", { name: "Copy secret" }).click();
    await notice.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(secret);
    const [stored] = (await harness.api("GET", `/api/v1/bots/${botId}/webhooks`)).webhooks;
    expect(stored).toMatchObject({ url: receiver.url("/builder"), events: ["result.answer", "result.completed"] });
    await shot(page, "webhooks-secret");
    await notice.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => page.getByText(secret).count()).toBe(0);

    const item = panel.locator(`[data-webhook-id="${stored.id}"]`);
    await item.getByRole("button", { name: "Send test" }).click();
    const row = item.locator(".webhook-deliveries tbody tr");
    await expect.poll(() => row.locator(".badge").textContent(), { timeout: 15_000 }).toBe("delivered");
    expect(await row.locator("td").allTextContents()).toEqual(["webhook.test", "delivered", "200", "1", ""]);
    // The table fits the panel: no heading or cell runs past its right edge.
    // The root tsconfig has no DOM types: the page's elements are described by what is read from them.
    type Box = { right: number };
    type Cell = { getBoundingClientRect(): Box; scrollWidth: number; clientWidth: number };
    type Table = Cell & { parentElement: Cell; querySelectorAll(selector: string): Iterable<Cell> };
    const fits = await item.locator(".webhook-deliveries").evaluate((element) => {
      const table = element as unknown as Table;
      const panelRight = table.parentElement.getBoundingClientRect().right;
      return [...table.querySelectorAll("th, td")].every(
        (cell) => cell.getBoundingClientRect().right <= panelRight + 0.5 && cell.scrollWidth <= cell.clientWidth,
      );
    });
    expect(fits).toBe(true);
    await shot(page, "webhooks-delivered");

    // The secret shown was the one that signs.
    const [request] = receiver.at("/builder");
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const signed = `${request.headers["webhook-id"]}.${request.headers["webhook-timestamp"]}.${request.body}`;
    expect(request.headers["webhook-signature"]).toBe(
      `v1,${createHmac("sha256", key).update(signed).digest("base64")}`,
    );

    // Reloaded: the secret is not shown again.
    await page.reload();
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await item.waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    expect(page.problems).toEqual([]);
  });

  it("says when Parley disabled a webhook, and turns it back on", async () => {
    const [stored] = (await harness.api("GET", `/api/v1/bots/${botId}/webhooks`)).webhooks;
    await harness.server.ctx.webhooks.disable(
      stored.id,
      "Disabled after failed deliveries: The receiver answered HTTP 503",
      new Date().toISOString(),
    );
    await page.reload();
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const item = page.locator(`[data-webhook-id="${stored.id}"]`);
    await item
      .getByRole("status")
      .filter({ hasText: "Disabled: Disabled after failed deliveries: The receiver answered HTTP 503" })
      .waitFor();
    await shot(page, "webhooks-disabled");
    // The switch follows the stored state: it turns on once the server said so.
    await item.getByLabel("Enabled").click();
    await expect.poll(() => item.getByLabel("Enabled").isChecked()).toBe(true);
    await expect.poll(() => item.getByRole("status").count()).toBe(0);
    const [after] = (await harness.api("GET", `/api/v1/bots/${botId}/webhooks`)).webhooks;
    expect(after).toEqual({ ...stored, enabled: true });
    expect(page.problems).toEqual([]);
  });
});
