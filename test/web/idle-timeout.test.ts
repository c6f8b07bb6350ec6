import { describe, expect, it } from "vitest";
import { useChatInBrowser } from "./browser-world.js";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import { chatPageFrame, openPage } from "./browser.js";

/** Asks a name; after 2 seconds of silence the flow asks whether the visitor is still there, then asks again. */
const idleBot = buildBot({
  groups: [
    {
      id: "g-ask",
      blocks: [
        say("ask", "What is your name?"),
        {
          id: "q-name",
          type: "text input",
          options: {
            variableId: "v-name",
            labels: { placeholder: "Your name" },
            idleTimeout: { seconds: 2, outgoingEdgeId: "e-idle" },
          },
        },
        say("hi", "Hello {{Name}}"),
      ],
    },
    { id: "g-idle", blocks: [{ ...say("still", "Are you still there?"), outgoingEdgeId: "e-back" }] },
  ],
  edges: [
    { ...edge("e-idle", "g-idle"), from: { blockId: "q-name" } },
    { ...edge("e-back", "g-ask", "q-name"), from: { blockId: "still" } },
  ],
  variables: [{ id: "v-name", name: "Name" }],
  settings: { typingEmulation: { enabled: false } },
});

describe("idle timeout in the web chat", { timeout: 90_000 }, () => {
  const world = useChatInBrowser();

  it("shows the idle path's bubble by itself when the visitor leaves the input alone, then takes the answer", async () => {
    const conversation = await world.harness.conversation(idleBot);
    const context = await world.browser.newContext({ viewport: { width: 900, height: 900 } });
    const page = await openPage(context);
    await page.goto(`${world.harness.server.url}/${conversation.publicId}`);
    const { chat } = chatPageFrame(page);
    const log = chat.locator("parley-standard .log");
    await chat.getByPlaceholder("Your name").waitFor();
    await expect.poll(() => log.locator(".bubble.host").allTextContents()).toEqual(["What is your name?"]);

    // Nobody touches the page: the fallback bubble arrives on its own, and no guest bubble was added.
    await chat.getByText("Are you still there?").waitFor({ timeout: 20_000 });
    expect(await log.locator(".bubble.guest").count()).toBe(0);

    // The input is back; an answer now is taken as usual.
    await chat.getByPlaceholder("Your name").pressSequentially("Ada");
    await chat.getByPlaceholder("Your name").press("Enter");
    await chat.getByText("Hello Ada").waitFor();
    expect(await conversation.answers()).toEqual([{ blockId: "q-name", content: "Ada" }]);
    expect(page.problems).toEqual([]);
    await context.close();
  });
});
