import { describe, expect, it } from "vitest";
import { useChatInBrowser } from "./browser-world.js";
import { bilingualBot, withTranslations } from "../helpers/bilingual-bot.js";
import { openPage } from "./browser.js";

describe("a bot in two languages in a real browser", { timeout: 90_000 }, () => {
  const world = useChatInBrowser();

  /** Opens the chat page in a browser speaking `locale` (its Accept-Language) and returns the chat's log. */
  async function openChat(publicId: string, locale: string) {
    const context = await world.browser.newContext({ locale });
    const page = await openPage(context);
    await page.goto(`${world.harness.server.url}/${publicId}`);
    const chat = page.frameLocator("iframe.chat-frame");
    return { context, page, chat, log: chat.locator("parley-standard .log") };
  }

  it("shows a French browser the French texts, the default language where one is missing, and saves the same answer", async () => {
    const conversation = await world.harness.conversation(withTranslations(bilingualBot()));

    const { context, page, chat, log } = await openChat(conversation.publicId, "fr-FR");
    await expect
      .poll(() => log.locator(".bubble.host").first().textContent())
      .toBe("Bonjour ! Comment vous appelez-vous ?");
    await chat.getByPlaceholder("Votre nom").fill("Ada");
    await page.keyboard.press("Enter");
    await chat.getByText("Choisissez une couleur").waitFor();
    // Blue has no French label: its English one, never an empty button.
    await chat.getByRole("button", { name: "Blue" }).waitFor();
    await chat.getByRole("button", { name: "Rouge" }).click();
    await expect.poll(() => log.locator(".bubble.guest").last().textContent()).toBe("Rouge");
    await context.close();

    const english = await openChat(conversation.publicId, "en-US");
    await expect
      .poll(() => english.log.locator(".bubble.host").first().textContent())
      .toBe("Hello! What is your name?");
    await english.chat.getByPlaceholder("Your name").waitFor();
    await english.context.close();

    const rows = await world.harness.server.ctx.store.db
      .selectFrom("answers")
      .select(["blockId", "content"])
      .where("blockId", "=", "b-color")
      .execute();
    expect(rows).toEqual([{ blockId: "b-color", content: "Red" }]);
  });
});
