import { describe, expect, it } from "vitest";
import { useChatInBrowser } from "./browser-world.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { chatPageFrame, openPage } from "./browser.js";

/** Hands the chat to a person; once handed back, asks a question. */
const supportBot = buildBot({
  groups: [
    {
      id: "g1",
      blocks: [
        { id: "handoff", type: "hand off", options: { waitingMessage: "A person will be with you shortly" } },
        say("t-back", "Anything else I can do?"),
        { id: "ask", type: "text input", options: { labels: { placeholder: "Your answer" } } },
      ],
    },
  ],
  settings: { typingEmulation: { enabled: false } },
});

describe("a chat handed to a person, in Chromium", { timeout: 120_000 }, () => {
  const world = useChatInBrowser();

  it("shows who joined and what they wrote, then the bot again after the hand back, with no action of the visitor", async () => {
    const conversation = await world.harness.conversation(supportBot);
    const context = await world.browser.newContext({ viewport: { width: 900, height: 900 } });
    const page = await openPage(context);
    const listening = page.waitForResponse((response) => response.url().includes("/events?blockId=handoff"));
    await page.goto(`${world.harness.server.url}/${conversation.publicId}`);
    const { chat } = chatPageFrame(page);
    const log = chat.locator("parley-standard .log");
    await expect
      .poll(() => log.locator(".bubble.host").allTextContents())
      .toEqual(["A person will be with you shortly"]);
    expect((await listening).status()).toBe(200);

    const inbox = `/v1/workspaces/${world.harness.workspaceId}/inbox`;
    const chats = (await world.harness.api.get(inbox)).body.chats as { id: string; botId: string }[];
    const handoffId = chats.find((entry) => entry.botId === conversation.botId)!.id;
    const taken = await world.harness.api.post(`${inbox}/${handoffId}/take`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    await chat.getByText(`${taken.body.chat.operator.name} joined the chat`).waitFor({ timeout: 20_000 });

    expect(
      (await world.harness.api.post(`${inbox}/${handoffId}/messages`, { text: "Hi, I'm Ann from support" })).status,
    ).toBe(200);
    await expect
      .poll(() => log.locator(".bubble.host").allTextContents(), { timeout: 20_000 })
      .toEqual(["A person will be with you shortly", "Hi, I'm Ann from support"]);

    // The visitor answers the person in the same box: the message reaches the Inbox, no bot message comes.
    await chat.getByPlaceholder("Type a message…").pressSequentially("My parcel never came");
    await chat.getByPlaceholder("Type a message…").press("Enter");
    await expect
      .poll(async () => {
        const { messages } = (await world.harness.api.get(`${inbox}/${handoffId}`)).body as {
          messages: { author: string; text: string }[];
        };
        return messages.map((message) => [message.author, message.text]);
      })
      .toEqual([
        ["operator", "Hi, I'm Ann from support"],
        ["visitor", "My parcel never came"],
      ]);
    expect(await log.locator(".bubble.guest").allTextContents()).toEqual(["My parcel never came"]);

    expect((await world.harness.api.post(`${inbox}/${handoffId}/handBack`, {})).status).toBe(200);
    await chat.getByText("You're back with the bot").waitFor({ timeout: 20_000 });
    await expect
      .poll(() => log.locator(".bubble.host").allTextContents(), { timeout: 20_000 })
      .toEqual(["A person will be with you shortly", "Hi, I'm Ann from support", "Anything else I can do?"]);
    await chat.getByPlaceholder("Your answer").waitFor();
    expect(await chat.getByPlaceholder("Type a message…").count()).toBe(0);
    expect(page.problems).toEqual([]);
    await context.close();
  });
});
