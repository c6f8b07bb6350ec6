import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEY, fakeOpenAi } from "../helpers/ai-fakes.js";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import { launchBrowser, openPage } from "./browser.js";
import { hostPage, startHostSite, type HostSite } from "./host-site.js";

/** The basic ChatGPT shape in the embed: the answer appears piece by piece, then the question comes back. */
describe("AI answer streamed into the embed", { timeout: 90_000 }, () => {
  let harness: ChatHarness;
  let browser: Browser;
  let site: HostSite;
  let model: Awaited<ReturnType<typeof fakeOpenAi>>;

  beforeAll(async () => {
    // Slow pieces, so that a half-written answer can be seen.
    model = await fakeOpenAi({ delayMs: 250 });
    harness = await createChatHarness({ PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1" });
    browser = await launchBrowser();
    site = await startHostSite();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await harness?.close();
    await model?.close();
  });

  it("shows the answer token by token, saves it and asks again", async () => {
    const created = await harness.api.post(`/v1/workspaces/${harness.workspaceId}/credentials`, {
      type: "openai",
      name: "Fake",
      data: { apiKey: FAKE_KEY, baseUrl: `${model.url}/v1` },
    });
    const bot = buildBot({
      variables: [
        { id: "v-q", name: "Question" },
        { id: "v-a", name: "Answer" },
      ],
      groups: [
        {
          id: "g1",
          blocks: [
            say("hello", "Ask me anything"),
            { id: "ask", type: "text input", options: { variableId: "v-q", labels: { placeholder: "Your question" } } },
            {
              id: "ai",
              type: "openai",
              options: {
                credentialsId: created.body.credentials.id,
                action: "Create chat completion",
                model: "test-model",
                messages: [{ role: "user", content: "{{Question}}" }],
                responseMapping: [{ item: "Message content", variableId: "v-a" }],
              },
            },
            say("reply", "{{Answer}}"),
          ],
        },
      ],
    });
    bot.groups[0].blocks[3].outgoingEdgeId = "e-loop";
    bot.edges.push(edge("e-loop", "g1", "ask"));
    const { publicId } = await harness.conversation(bot);
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await openPage(context);
    const script = `<script src="${harness.server.url}/embed.js"></script>`;
    await page.goto(
      site.page(
        "/ai",
        hostPage("/ai", `<parley-standard bot="${publicId}" style="height:600px"></parley-standard>${script}`),
      ),
    );
    await page.getByText("Ask me anything").waitFor();
    await page.getByPlaceholder("Your question").fill("Tell me a long story please");
    await page.getByPlaceholder("Your question").press("Enter");

    const full = "You said: Tell me a long story please";
    const seen = new Set<string>();
    const streaming = page.locator('parley-standard [data-type="stream"]').last();
    await expect
      .poll(
        async () => {
          const text = ((await streaming.textContent().catch(() => "")) ?? "").trim();
          if (text) seen.add(text);
          return text;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe(full);
    // At least one half-written answer was on screen before the whole one.
    expect([...seen].some((text) => text.length > 0 && text.length < full.length && full.startsWith(text))).toBe(true);
    // Saved, then the loop asks again.
    await expect.poll(() => page.getByPlaceholder("Your question").count(), { timeout: 15_000 }).toBe(1);
    await context.close();
  });
});
