import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPassword } from "../../src/services/auth/browser-sessions.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { chatPageFrame, openPage } from "../web/browser.js";
import { type BuilderHarness, createBuilderHarness, PASSWORD, shot, signIn, watch } from "./builder-harness.js";

/** Hands the chat to a person; once handed back, greets the visitor by the name the operator set. */
const supportBot = () => ({
  ...buildBot({
    variables: [{ id: "v-name", name: "Name" }],
    groups: [
      {
        id: "g1",
        title: "Start",
        blocks: [
          say("t-hi", "Let me call a person"),
          {
            id: "handoff",
            type: "hand off",
            options: { waitingMessage: "A person will be with you shortly", teamNote: "Parcel question" },
          },
          say("t-back", "Thanks {{Name}}, anything else?"),
          { id: "ask", type: "text input", options: { labels: { placeholder: "Your answer" } } },
        ],
      },
    ],
    settings: { typingEmulation: { enabled: false } },
  }),
  name: "Support desk",
});

describe("the Inbox page: a chat handed off, answered and handed back, live on both sides", {
  timeout: 180_000,
}, () => {
  let harness: BuilderHarness;
  let publicId: string;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    const { bot } = await harness.api<{ bot: { id: string } }>("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: supportBot(),
    });
    ({ publicId } = await harness.api<{ publicId: string }>("POST", `/api/v1/bots/${bot.id}/publish`));
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("shows the waiting chat without a reload; take, reply, the visitor's answer, a variable, hand back", async () => {
    const operator = await harness.signedInPage();
    await operator.getByRole("link", { name: "Inbox" }).click();
    await operator.getByRole("heading", { name: "Inbox" }).waitFor();
    await operator.getByRole("status").filter({ hasText: "Live" }).waitFor();

    const visitorContext = await harness.browser.newContext({ viewport: { width: 900, height: 900 } });
    const visitor = await openPage(visitorContext);
    await visitor.goto(`${harness.server.url}/${publicId}`);
    const { chat } = chatPageFrame(visitor);
    const log = chat.locator("parley-standard .log");
    await expect
      .poll(() => log.locator(".bubble.host").allTextContents(), { timeout: 30_000 })
      .toEqual(["Let me call a person", "A person will be with you shortly"]);

    // The chat comes to the open Inbox page by itself.
    const waiting = operator.getByRole("list", { name: "Waiting" });
    const entry = waiting.getByRole("button", { name: /Support desk/ });
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/Web · waiting under a minute/);
    expect(await entry.textContent()).toContain("Parcel question");
    await entry.click();
    const pane = operator.getByRole("article", { name: "Chat with Support desk" });
    const transcript = pane.getByRole("list", { name: "Transcript" });
    await transcript.getByText("A person will be with you shortly").waitFor();

    await pane.getByRole("button", { name: "Take this chat" }).click();
    await pane.getByText("Web · With you").waitFor();
    await operator
      .getByRole("list", { name: "Mine" })
      .getByRole("button", { name: /Support desk/ })
      .waitFor();
    expect(await operator.getByRole("list", { name: "Waiting" }).count()).toBe(0);
    await chat.getByText(/joined the chat/).waitFor();

    await pane.getByLabel("Reply to the visitor").fill("Hi, I'm from support");
    await pane.getByRole("button", { name: "Send" }).click();
    await expect
      .poll(() => log.locator(".bubble.host").allTextContents(), { timeout: 30_000 })
      .toEqual(["Let me call a person", "A person will be with you shortly", "Hi, I'm from support"]);
    await transcript.getByText("Hi, I'm from support").waitFor();

    // The visitor's answer appears in the Inbox page live.
    await chat.getByPlaceholder("Type a message…").pressSequentially("My parcel never came");
    await chat.getByPlaceholder("Type a message…").press("Enter");
    await transcript.locator(".inbox-line.visitor").filter({ hasText: "My parcel never came" }).waitFor();

    await pane.getByLabel("Note for the team").fill("Refund approved");
    await pane.getByRole("button", { name: "Add the note" }).click();
    await transcript.locator(".inbox-line.note").filter({ hasText: "Refund approved" }).waitFor();

    await pane.getByLabel("Variable").selectOption("Name");
    await pane.getByLabel("Value").fill("Ann");
    await pane.getByRole("button", { name: "Set the variable" }).click();
    await transcript.getByText("Set the variables Name").waitFor();
    await shot(operator, "80-inbox");

    await pane.getByRole("button", { name: "Hand back to the bot" }).click();
    await pane.getByRole("status").filter({ hasText: "Handed back to the bot" }).waitFor();
    await chat.getByText("You're back with the bot").waitFor();
    await expect
      .poll(() => log.locator(".bubble.host").allTextContents(), { timeout: 30_000 })
      .toEqual([
        "Let me call a person",
        "A person will be with you shortly",
        "Hi, I'm from support",
        "Thanks Ann, anything else?",
      ]);
    await chat.getByPlaceholder("Your answer").waitFor();
    // Gone from the lists, still open on the right.
    expect(await operator.getByRole("list", { name: "Mine" }).count()).toBe(0);
    expect(operator.problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
    await visitorContext.close();
    await operator.context().close();
  });

  it("sends a file the operator attaches: the visitor sees its link, and the link serves the file", async () => {
    const visitorContext = await harness.browser.newContext({ viewport: { width: 900, height: 900 } });
    const visitor = await openPage(visitorContext);
    await visitor.goto(`${harness.server.url}/${publicId}`);
    const { chat } = chatPageFrame(visitor);
    await chat.getByText("A person will be with you shortly").waitFor();
    const { chats } = await harness.api<{ chats: { id: string; status: string }[] }>(
      "GET",
      `/api/v1/workspaces/${harness.user.workspaceId}/inbox`,
    );
    const waiting = chats.filter((entry) => entry.status === "waiting");
    const handoffId = waiting[waiting.length - 1]!.id;

    const operator = await harness.signedInPage();
    await operator.goto(`${harness.server.url}/inbox?workspace=${harness.user.workspaceId}&chat=${handoffId}`);
    const pane = operator.getByRole("article", { name: "Chat with Support desk" });
    await pane.getByRole("button", { name: "Take this chat" }).click();
    await pane.getByText("Web · With you").waitFor();
    const content = Buffer.from("Order 1042: refund approved, 24.90 EUR\n");
    await pane
      .getByLabel("Attach a file")
      .setInputFiles({ name: "refund.txt", mimeType: "text/plain", buffer: content });
    await pane.getByLabel("Reply to the visitor").fill("Here is your receipt");
    await pane.getByRole("button", { name: "Send" }).click();

    const log = chat.locator("parley-standard .log");
    const link = log.locator(".bubble.host a").filter({ hasText: "refund.txt" });
    await link.waitFor();
    const href = (await link.getAttribute("href"))!;
    // One bubble: the text, then the file's link (its URL as its words).
    expect((await log.locator(".bubble.host").allTextContents()).at(-1)).toBe(`Here is your receipt${href}`);
    expect(href).toMatch(/\/files\/[A-Za-z0-9_-]{24}\/refund\.txt$/);
    const served = await visitor.request.get(href);
    expect(served.status()).toBe(200);
    expect(await served.body()).toEqual(content);
    // The transcript shows the reply with its file, and the form is empty again.
    await pane.getByRole("list", { name: "Transcript" }).getByText("Here is your receipt").waitFor();
    expect(await pane.getByLabel("Attach a file").inputValue()).toBe("");
    expect(await pane.getByLabel("Reply to the visitor").inputValue()).toBe("");
    await harness.api("POST", `/api/v1/workspaces/${harness.user.workspaceId}/inbox/${handoffId}/close`);
    expect(operator.problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
    await visitorContext.close();
    await operator.context().close();
  });

  it("lets a GUEST read a chat but offers no action", async () => {
    const guest = await harness.server.createUser(`guest-${process.pid}@example.com`);
    await setPassword(harness.server.ctx, guest.userId, PASSWORD);
    await harness.server.ctx.workspaces.addMember(harness.user.workspaceId, guest.userId, "GUEST");
    const started = await fetch(`${harness.server.url}/api/v1/bots/${publicId}/startChat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(started.status).toBe(200);

    const context = await harness.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await watch(context);
    await signIn(page, harness.server.url, `guest-${process.pid}@example.com`);
    await page.getByLabel("Workspace").selectOption(harness.user.workspaceId);
    await page.getByRole("link", { name: "Inbox" }).click();
    await page.getByTestId("guest-note").waitFor();
    await page
      .getByRole("list", { name: "Waiting" })
      .getByRole("button", { name: /Support desk/ })
      .first()
      .click();
    const pane = page.getByRole("article", { name: "Chat with Support desk" });
    await pane.getByText("Waiting for a person").waitFor();
    await pane.getByRole("list", { name: "Transcript" }).getByText("A person will be with you shortly").waitFor();
    expect(await pane.getByRole("button").count()).toBe(0);
    expect(page.problems).toEqual([]);
    await context.close();
  });
  it("opens the chat a chat.handoff link names, in that chat's workspace", async () => {
    const started = await fetch(`${harness.server.url}/api/v1/bots/${publicId}/startChat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(started.status).toBe(200);
    const { chats } = await harness.api<{ chats: { id: string; status: string }[] }>(
      "GET",
      `/api/v1/workspaces/${harness.user.workspaceId}/inbox`,
    );
    const waiting = chats.filter((chat) => chat.status === "waiting");
    const linked = waiting[waiting.length - 1]!;
    // A member whose builder opens on another workspace of theirs.
    const member = await harness.server.createUser(`linked-${process.pid}@example.com`);
    await setPassword(harness.server.ctx, member.userId, PASSWORD);
    await harness.server.ctx.workspaces.addMember(harness.user.workspaceId, member.userId, "MEMBER");

    const context = await harness.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await watch(context);
    await signIn(page, harness.server.url, `linked-${process.pid}@example.com`);
    await page.goto(`${harness.server.url}/inbox?workspace=${harness.user.workspaceId}&chat=${linked.id}`);
    const pane = page.getByRole("article", { name: "Chat with Support desk" });
    await pane.getByText("Waiting for a person").waitFor();
    await pane.getByRole("button", { name: "Take this chat" }).waitFor();
    expect(await page.getByLabel("Workspace").inputValue()).toBe(harness.user.workspaceId);
    expect(page.problems).toEqual([]);
    await context.close();
  });
});
