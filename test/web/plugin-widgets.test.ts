import { createHmac } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { FAKE_BOOKED_DATE, startWidgetFakes, type WidgetFakes } from "../helpers/widget-fakes.js";
import { chatPageFrame, launchBrowser, openPage } from "./browser.js";
import { hostPage, startHostSite, type HostSite } from "./host-site.js";

const NO_TYPING = { typingEmulation: { enabled: false } };
const ZENDESK_SECRET = "zendesk-conversations-secret-value";
const BLINK_FOLDER = "3f2c6a1e-8b4d-4c7a-9e21-5d0b7f9a1c42";

const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

describe("client-side plug-ins in a real browser", { timeout: 90_000 }, () => {
  let fakes: WidgetFakes;
  let site: HostSite;
  let harness: ChatHarness;
  let browser: Browser;

  beforeAll(async () => {
    fakes = await startWidgetFakes();
    site = await startHostSite();
    harness = await createChatHarness({ PARLEY_ZENDESK_WIDGET_URL: fakes.zendeskWidgetUrl });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await site?.close();
    await fakes?.close();
  });

  const calComBot = () =>
    buildBot({
      groups: [
        {
          id: "g-1",
          blocks: [
            say("b-hello", "Pick a time, {{Name}}"),
            {
              id: "b-cal",
              type: "cal-com",
              options: {
                action: "Book event",
                baseUrl: fakes.origin,
                link: "https://cal.com/ada/intro",
                layout: "Weekly",
                name: "{{Name}}",
                saveBookedDateInVariableId: "v-booked",
              },
            },
            say("b-done", "Booked for {{Booked}}"),
          ],
        },
      ],
      variables: [
        { id: "v-name", name: "Name", value: "Ada" },
        { id: "v-booked", name: "Booked" },
      ],
      settings: NO_TYPING,
    });

  it("cal-com: shows the booking embed in the chat and saves the booked date the client sends back", async () => {
    const conversation = await harness.conversation(calComBot());
    const page = await openPage(await browser.newContext());
    await page.goto(`${harness.server.url}/${conversation.publicId}`);
    const { chat } = chatPageFrame(page);
    await chat.getByText("Pick a time, Ada").waitFor();
    const booking = chat.frameLocator("parley-standard .widget iframe[data-fake-cal]");
    await booking.getByText("Booking for Ada in week_view").waitFor();
    expect(await chat.getByText(/Booked for/).count()).toBe(0);
    await booking.getByRole("button", { name: "Confirm booking" }).click();
    await chat.getByText(`Booked for ${FAKE_BOOKED_DATE}`).waitFor();

    expect(fakes.requests).toContain("GET /embed/embed.js");
    expect(fakes.requests.some((request) => request.startsWith("GET /ada/intro?name=Ada&layout=week_view"))).toBe(true);
    expect((await conversation.result()).variables.Booked).toBe(FAKE_BOOKED_DATE);
    expect(page.problems).toEqual([]);
  });

  it("cal-com in an embed on another site: the booking embed runs in the host page", async () => {
    const conversation = await harness.conversation(calComBot());
    const page = await openPage(await browser.newContext());
    const body = `<parley-standard bot="${conversation.publicId}" style="display:block;height:640px"></parley-standard>
      <script src="${harness.server.url}/embed.js"></script>`;
    await page.goto(site.page("/booking-site", hostPage("Booking site", body)));
    await page.locator("parley-standard").getByText("Pick a time, Ada").waitFor();
    const booking = page.frameLocator("parley-standard .widget iframe[data-fake-cal]");
    await booking.getByRole("button", { name: "Confirm booking" }).click();
    await page.locator("parley-standard").getByText(`Booked for ${FAKE_BOOKED_DATE}`).waitFor();
    expect(await page.evaluate("typeof window.Cal")).toBe("function");
    expect((await conversation.result()).variables.Booked).toBe(FAKE_BOOKED_DATE);
  });

  it("zendesk: opens the messaging widget, logged in with a token the server signed", async () => {
    const created = await harness.api.post(`/v1/workspaces/${harness.workspaceId}/credentials`, {
      type: "zendesk",
      name: "Support",
      data: { conversationsKeyId: "app_123", conversationsSecretKey: ZENDESK_SECRET },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const conversation = await harness.conversation(
      buildBot({
        groups: [
          {
            id: "g-1",
            blocks: [
              say("b-hello", "Opening support"),
              {
                id: "b-zendesk",
                type: "zendesk",
                options: {
                  action: "Open Web Widget",
                  credentialsId: created.body.credentials.id,
                  webWidgetKey: "widget-key-1",
                  userId: "{{UserId}}",
                  name: "Ada Lovelace",
                  email: "ada@example.com",
                },
              },
              say("b-after", "An agent will answer there."),
            ],
          },
        ],
        variables: [{ id: "v-user", name: "UserId", value: "user-42" }],
        settings: NO_TYPING,
      }),
    );

    // What the browser receives carries the signed token, never the secret.
    const started = await conversation.start();
    expect(JSON.stringify(started)).not.toContain(ZENDESK_SECRET);
    expect(started.clientSideActions).toEqual([
      expect.objectContaining({
        type: "zendesk",
        zendesk: { widgetUrl: `${fakes.zendeskWidgetUrl}?key=widget-key-1`, userToken: expect.any(String) },
      }),
    ]);

    const page = await openPage(await browser.newContext());
    await page.goto(`${harness.server.url}/${conversation.publicId}`);
    const { chat } = chatPageFrame(page);
    await chat.getByText("An agent will answer there.").waitFor();
    await chat.locator("[data-fake-zendesk]").getByText("Zendesk messenger is open").waitFor();
    await expect.poll(() => fakes.zendeskLogins.length).toBe(1);

    const [header, payload, signature] = fakes.zendeskLogins[0].split(".");
    expect(decode(header)).toEqual({ alg: "HS256", typ: "JWT", kid: "app_123" });
    expect(decode(payload)).toEqual({
      scope: "user",
      external_id: "user-42",
      name: "Ada Lovelace",
      email: "ada@example.com",
      email_verified: true,
    });
    expect(signature).toBe(createHmac("sha256", ZENDESK_SECRET).update(`${header}.${payload}`).digest("base64url"));
    expect(fakes.requests).toContain("GET /zendesk/snippet.js?key=widget-key-1");
    expect(page.problems).toEqual([]);
  });

  it("zendesk without credentials: logged, and the flow goes on", async () => {
    const conversation = await harness.conversation(
      buildBot({
        groups: [
          {
            id: "g-1",
            blocks: [
              { id: "b-zendesk", type: "zendesk", options: { action: "Open Web Widget", webWidgetKey: "k" } },
              say("b-after", "Still here"),
            ],
          },
        ],
      }),
    );
    const started = await conversation.start();
    expect(started.clientSideActions).toBeUndefined();
    expect(started.messages.map((message: { id: string }) => message.id)).toEqual(["b-after"]);
    expect(await conversation.logs()).toEqual([
      { status: "error", description: "Could not find credentials for block zendesk" },
    ]);
  });

  const blinkBot = (url: string) =>
    buildBot({
      groups: [
        {
          id: "g-1",
          blocks: [
            say("b-hello", "Your folder"),
            { id: "b-blink", type: "blink", options: { action: "Redirect", url } },
            say("b-after", "Opened"),
          ],
        },
      ],
      settings: NO_TYPING,
    });

  it("blink Redirect: opens the folder's link in a new tab outside Blink's apps", async () => {
    const target = site.page(`/hub/${BLINK_FOLDER}`, "<!doctype html><title>Blink folder</title>");
    const conversation = await harness.conversation(blinkBot(target));
    const page = await openPage(await browser.newContext());
    const popup = page.waitForEvent("popup");
    await page.goto(`${harness.server.url}/${conversation.publicId}`);
    const opened = await popup;
    await opened.waitForURL(target);
    expect(await opened.title()).toBe("Blink folder");
    await chatPageFrame(page).chat.getByText("Opened").waitFor();
  });

  it("blink Redirect: hands the folder to Blink's app through its bridge when there is one", async () => {
    const conversation = await harness.conversation(blinkBot(`https://app.joinblink.com/#/hub/${BLINK_FOLDER}`));
    const context = await browser.newContext();
    // Blink's iOS app gives its web views this bridge.
    await context.addInitScript(`window.handed = [];
      window.webkit = { messageHandlers: { openClientAction: { postMessage: (action) => window.handed.push(action) } } };`);
    const page = await openPage(context);
    await page.goto(`${harness.server.url}/${conversation.publicId}`);
    const { chat, frame } = chatPageFrame(page);
    await chat.getByText("Opened").waitFor();
    expect(await frame().evaluate("window.handed")).toEqual([`blink:folder?action=open&id=${BLINK_FOLDER}`]);
  });
});
