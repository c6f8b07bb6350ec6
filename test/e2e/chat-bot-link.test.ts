import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

/** A published child bot asking for a city, its variable named like the parent's. */
async function publishChild(workspaceApi = h.api, workspaceId = h.workspaceId) {
  const child = buildBot({
    groups: [
      {
        id: "c-start",
        blocks: [
          say("c-hi", "Child here. Your city?"),
          { id: "c-city", type: "text input", options: { variableId: "cv-city" } },
        ],
      },
      { id: "c-other", title: "Other entry", blocks: [say("c-other-hi", "Entered by title")] },
    ],
    variables: [{ id: "cv-city", name: "City" }],
  });
  const created = await workspaceApi.post("/v1/bots", { workspaceId, bot: { ...child, name: "Child" } });
  await workspaceApi.post(`/v1/bots/${created.body.bot.id}/publish`);
  return created.body.bot.id as string;
}

const parentBot = (childId: string, linkOptions: Record<string, unknown> = {}) =>
  buildBot({
    groups: [
      {
        id: "p-start",
        blocks: [
          say("p-hi", "Parent first."),
          { id: "p-link", type: "Bot link", options: { botId: childId, ...linkOptions } },
          say("p-back", "Back in the parent: {{City}}."),
        ],
      },
    ],
    variables: [{ id: "pv-city", name: "City" }],
  });

describe("Bot link", () => {
  it("runs the linked bot's published flow, then comes back with its variables by name when it merges results", async () => {
    const childId = await publishChild();
    const conversation = await h.conversation(parentBot(childId, { mergeResults: true }));
    const start = await conversation.start();
    expect(start.messages).toEqual([
      textMessage("p-hi", "Parent first."),
      textMessage("c-hi", "Child here. Your city?"),
    ]);
    expect(start.input.id).toBe("c-city");
    const reply = await conversation.send("Lisbon");
    expect(reply.messages).toEqual([textMessage("p-back", "Back in the parent: Lisbon.")]);
    expect(await conversation.answers()).toEqual([{ blockId: "c-city", content: "Lisbon" }]);
    expect(await conversation.result()).toMatchObject({
      hasStarted: true,
      isCompleted: true,
      variables: { City: "Lisbon" },
    });
  });

  it("starts the linked bot at a group named by its title", async () => {
    const childId = await publishChild();
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "p",
            blocks: [
              { id: "p-link", type: "Bot link", options: { botId: childId, groupId: "{{Entry}}" } },
              say("p-end", "Done"),
            ],
          },
        ],
        variables: [{ id: "pv-entry", name: "Entry", value: "Other entry" }],
      }),
    );
    expect((await conversation.start()).messages).toEqual([
      textMessage("c-other-hi", "Entered by title"),
      textMessage("p-end", "Done"),
    ]);
  });

  it("logs and goes on when the linked bot is missing or belongs to another workspace", async () => {
    const stranger = await h.server.createUser();
    const foreignId = await publishChild(createClient(h.server.baseUrl, stranger.token), stranger.workspaceId);
    for (const botId of [foreignId, "no-such-bot"]) {
      const conversation = await h.conversation(parentBot(botId));
      const start = await conversation.start();
      expect(start.messages).toEqual([
        textMessage("p-hi", "Parent first."),
        textMessage("p-back", "Back in the parent: ."),
      ]);
      expect(await conversation.logs()).toEqual([{ status: "error", description: "Failed to link bot" }]);
    }
  });

  it('links the bot to itself with "current"', async () => {
    const bot = buildBot({
      groups: [
        {
          id: "g1",
          blocks: [{ id: "link", type: "Bot link", options: { botId: "current", groupId: "g2" } }, say("end", "End")],
        },
        { id: "g2", blocks: [say("again", "From the same bot")] },
      ],
    });
    const conversation = await h.conversation(bot);
    expect((await conversation.start()).messages).toEqual([
      textMessage("again", "From the same bot"),
      textMessage("end", "End"),
    ]);
  });

  it("runs linked drafts in a member's preview", async () => {
    const childId = await publishChild();
    await h.api.patch(`/v1/bots/${childId}`, {
      bot: {
        groups: [
          { id: "c-start", title: "Draft", graphCoordinates: { x: 0, y: 0 }, blocks: [say("draft", "Draft child")] },
        ],
      },
    });
    const parent = await h.api.post("/v1/bots", { workspaceId: h.workspaceId, bot: parentBot(childId) });
    const preview = await h.api.post(`/v1/bots/${parent.body.bot.id}/preview/startChat`, {});
    expect(preview.body.messages).toEqual([
      textMessage("p-hi", "Parent first."),
      textMessage("draft", "Draft child"),
      textMessage("p-back", "Back in the parent: ."),
    ]);
  });
});
