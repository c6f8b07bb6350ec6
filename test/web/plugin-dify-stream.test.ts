import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEY } from "../helpers/ai-fakes.js";
import { type ChatHarness, createChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { fakeDify } from "../helpers/dify-fakes.js";
import { chatPageFrame, launchBrowser, openPage } from "./browser.js";

describe("a Dify.AI answer streamed into the web client", { timeout: 90_000 }, () => {
  let harness: ChatHarness;
  let browser: Browser;
  let dify: Awaited<ReturnType<typeof fakeDify>>;

  beforeAll(async () => {
    dify = await fakeDify();
    harness = await createChatHarness({ PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await dify?.close();
  });

  it("shows the answer as it streams, then keeps it and the conversation id, and goes on", async () => {
    const created = await harness.api.post(`/v1/workspaces/${harness.workspaceId}/credentials`, {
      type: "dify-ai",
      name: "Dify",
      data: { apiKey: FAKE_KEY, baseUrl: dify.url },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const conversation = await harness.conversation(
      buildBot({
        variables: [
          { id: "v-q", name: "Question" },
          { id: "v-answer", name: "Answer" },
          { id: "v-conversation", name: "Conversation" },
        ],
        groups: [
          {
            id: "g1",
            blocks: [
              { id: "ask", type: "text input", options: { variableId: "v-q", labels: { placeholder: "Ask Dify" } } },
              {
                id: "dify",
                type: "dify-ai",
                options: {
                  credentialsId: created.body.credentials.id,
                  action: "Create Chat Message",
                  query: "{{Question}}",
                  conversationVariableId: "v-conversation",
                  responseMapping: [{ item: "Message content", variableId: "v-answer" }],
                },
              },
              say("answer", "{{Answer}}"),
              say("done", "Anything else?"),
            ],
          },
        ],
        settings: { typingEmulation: { enabled: false } },
      }),
    );
    const page = await openPage(await browser.newContext());
    const streamCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/streamMessage")) streamCalls.push(request.url());
    });
    await page.goto(`${harness.server.url}/${conversation.publicId}`);
    const { chat } = chatPageFrame(page);
    await chat.getByPlaceholder("Ask Dify").fill("How are you?");
    await chat.getByPlaceholder("Ask Dify").press("Enter");
    await chat.getByText("Dify says: How are you?").waitFor();
    await chat.getByText("Anything else?").waitFor();
    expect(streamCalls).toHaveLength(1);
    expect(page.problems).toEqual([]);

    const [result] = await harness.server.ctx.store.db.selectFrom("results").select("variables").execute();
    const variables = Object.fromEntries(
      (JSON.parse(result.variables) as { name: string; value: unknown }[]).map((v) => [v.name, v.value]),
    );
    expect(variables).toMatchObject({
      Question: "How are you?",
      Answer: "Dify says: How are you?",
      Conversation: "conv-new",
    });
  });
});
