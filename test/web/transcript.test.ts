import { describe, expect, it } from "vitest";
import { useChatInBrowser } from "./browser-world.js";
import { asBot, loopWithJumpAndReturn, transcriptShownInLoop } from "../helpers/transcript-bots.js";
import { openPage } from "./browser.js";

/**
 * The reference's viewer tests of the Transcript variable (transcript.spec.ts), as a visitor does them
 * on Parley's chat page in Chromium: type, send, and read what the transcript bubble shows.
 */
describe("the Transcript variable on the chat page", { timeout: 90_000 }, () => {
  const world = useChatInBrowser();

  async function openChat(bot: Record<string, unknown>) {
    const conversation = await world.harness.conversation(bot);
    const page = await openPage(await world.browser.newContext());
    await page.goto(`${world.harness.server.url}/${conversation.publicId}`);
    const chat = page.frameLocator("iframe.chat-frame");
    const log = chat.locator("parley-standard .log");
    const send = async (text: string) => {
      await chat.getByPlaceholder("Type your answer...").fill(text);
      await chat.getByPlaceholder("Type your answer...").press("Enter");
      await expect.poll(() => log.locator(".bubble.guest").last().textContent()).toBe(text);
    };
    return { page, chat, log, send };
  }

  it("shows every bubble of a loop with a jump and a return, with the answer it showed then", async () => {
    const { page, log, send } = await openChat(asBot(loopWithJumpAndReturn()));
    await send("hey");
    await send("hey 2");
    await send("hey 3");
    const expected =
      'Assistant: "Let me think..."Assistant: "How are you? You said "User: "hey"Assistant: "Let me think..."Assistant: "How are you? You said hey"User: "hey 2"Assistant: "Let me think..."Assistant: "How are you? You said hey 2"User: "hey 3"';
    await expect.poll(() => log.locator(".bubble.host").last().textContent()).toBe(expected);
    expect(page.problems).toEqual([]);
  });

  it("shows, in a loop, the intro and the transcript shown before as they were", async () => {
    const { page, chat, log, send } = await openChat(asBot(transcriptShownInLoop()));
    await chat.getByText('Assistant: "Hi there 👋"', { exact: true }).waitFor();
    await chat.getByText('Assistant: "How can I help?"', { exact: true }).waitFor();
    await send("Hey");
    await expect
      .poll(() => log.locator(".bubble.host").last().textContent())
      .toBe(
        'Assistant: "Hi there 👋"Assistant: "How can I help?"Assistant: "Assistant: "Hi there 👋"Assistant: "How can I help?""User: "Hey"Assistant: "Test"',
      );
    await chat.getByText('User: "Hey"', { exact: true }).waitFor();
    expect(page.problems).toEqual([]);
  });
});
