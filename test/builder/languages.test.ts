import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bilingualBot, french, withTranslations } from "../helpers/bilingual-bot.js";
import { type BuilderHarness, createBuilderHarness, type WatchedPage } from "./builder-harness.js";

describe("editing a bot's texts in another language", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;
  const stored = async () => (await harness.api("GET", `/api/v1/bots/${botId}`)).bot;
  const saved = () => page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: { ...withTranslations(bilingualBot()), name: "Bilingual" },
    }));
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await page.locator('[data-testid="group-g-ask"]').waitFor();
  }, 150_000);
  afterAll(async () => {
    await harness?.close();
  });

  it("switches language above the canvas, marks blocks lacking a translation, and saves a typed one", async () => {
    const missingMarks = () => page.locator(".missing-translation").count();
    expect(await missingMarks()).toBe(0);
    await page.getByLabel("Language").selectOption("fr");
    // The choice input lacks its blue button's label and the goodbye bubble its text.
    await page.locator('[data-testid="block-b-bye"] .missing-translation').waitFor();
    await page.locator('[data-testid="block-b-color"] .missing-translation').waitFor();
    expect(await missingMarks()).toBe(2);

    await page.locator('[data-testid="block-b-bye"]').click();
    const bye = page.getByLabel("Text (fr)");
    expect(await bye.getAttribute("placeholder")).toBe("Goodbye");
    await bye.fill("Au revoir");
    await page.locator('[data-testid="block-b-bye"] .missing-translation').waitFor({ state: "detached" });
    await saved();
    expect((await stored()).translations.fr["b-bye"]).toEqual([{ type: "p", children: [{ text: "Au revoir" }] }]);
    expect(await missingMarks()).toBe(1);

    // Back in the default language the block settings edit the blocks themselves again.
    await page.getByLabel("Language").selectOption("en");
    expect(await missingMarks()).toBe(0);
    expect((await stored()).translations.fr["i-red"]).toBe(french.fr["i-red"]);
  });
});
