import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";
import { richText } from "../helpers/sample-bots.js";

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

const nameInput = { id: "b-name", type: "text input", options: { variableId: "v-name" } };

describe("isOnlyRegistering", () => {
  it("creates the session only; the first message starts the flow and answers its first input", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g", blocks: [nameInput, say("b-welcome", "Welcome!")] }],
        variables: [{ id: "v-name", name: "Name" }],
      }),
    );
    const start = await conversation.start({ isOnlyRegistering: true });
    expect(start.messages).toEqual([]);
    expect(start.input).toBeUndefined();
    expect(start.resultId).toEqual(expect.any(String));
    expect(start.sessionId).toEqual(expect.any(String));

    expect(await conversation.send("Ada")).toEqual({ messages: [textMessage("b-welcome", "Welcome!")] });
    expect(await conversation.result()).toMatchObject({
      hasStarted: true,
      isCompleted: true,
      variables: { Name: "Ada" },
    });
    expect(await conversation.answers()).toEqual([{ blockId: "b-name", content: "Ada" }]);
  });

  // Parley writes the (not yet started) result at registration, so that client logs have a result to go to.
  it("keeps the result unstarted until the flow has started", async () => {
    const conversation = await h.conversation(
      buildBot({ groups: [{ id: "g", blocks: [nameInput] }], variables: [{ id: "v-name", name: "Name" }] }),
    );
    await conversation.start({ isOnlyRegistering: true });
    const rows = await h.server.ctx.store.db
      .selectFrom("results")
      .select(["hasStarted", "isCompleted"])
      .where("botId", "=", conversation.botId)
      .execute();
    expect(rows).toEqual([{ hasStarted: 0, isCompleted: 0 }]);
    expect((await conversation.send("Ada")).input).toBeUndefined();
    expect(await conversation.result()).toMatchObject({
      hasStarted: true,
      isCompleted: true,
      variables: { Name: "Ada" },
    });
  });

  it("shows the opening bubbles instead when the flow starts with them", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g", blocks: [say("b-hi", "Hi! Your name?"), nameInput] }],
        variables: [{ id: "v-name", name: "Name" }],
      }),
    );
    await conversation.start({ isOnlyRegistering: true });
    expect(await conversation.send("Ada")).toEqual({
      messages: [textMessage("b-hi", "Hi! Your name?")],
      input: nameInput,
    });
    expect(await conversation.answers()).toEqual([]);
  });
});

describe("remember user", () => {
  const colorInput = { id: "b-color", type: "text input", options: { variableId: "v-color" } };
  const rememberBot = (general: Record<string, unknown>) =>
    buildBot({
      groups: [{ id: "g", blocks: [say("b-hi", "Hi"), nameInput, colorInput, say("b-bye", "Bye")] }],
      variables: [
        { id: "v-name", name: "Name" },
        { id: "v-color", name: "Color" },
      ],
      settings: { general },
    });

  it("resumes the given result with its variables and keeps adding to it", async () => {
    const conversation = await h.conversation(rememberBot({ rememberUser: { isEnabled: true } }));
    const first = await conversation.start();
    await conversation.send("Ada");

    const second = await conversation.start({ resultId: first.resultId });
    expect(second.resultId).toBe(first.resultId);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(second.messages).toEqual([textMessage("b-hi", "Hi")]);
    expect(second.input).toEqual({ ...nameInput, prefilledValue: "Ada" });
    expect(await conversation.result()).toMatchObject({
      id: first.resultId,
      hasStarted: true,
      isCompleted: false,
      variables: { Name: "Ada" },
    });

    await conversation.send("Ada L.");
    expect(await conversation.send("Blue")).toEqual({ messages: [textMessage("b-bye", "Bye")] });
    expect(await conversation.result()).toMatchObject({
      id: first.resultId,
      hasStarted: true,
      isCompleted: true,
      variables: { Name: "Ada L.", Color: "Blue" },
    });
    expect(await conversation.answers()).toEqual([
      { blockId: "b-name", content: "Ada" },
      { blockId: "b-name", content: "Ada L." },
      { blockId: "b-color", content: "Blue" },
    ]);
    const rows = await h.server.ctx.store.db
      .selectFrom("results")
      .select("id")
      .where("botId", "=", conversation.botId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("honours the legacy switch isNewResultOnRefreshEnabled: false", async () => {
    const conversation = await h.conversation(rememberBot({ isNewResultOnRefreshEnabled: false }));
    const first = await conversation.start();
    await conversation.send("Ada");
    const second = await conversation.start({ resultId: first.resultId });
    expect(second.resultId).toBe(first.resultId);
    expect(second.input).toEqual({ ...nameInput, prefilledValue: "Ada" });
  });

  it("starts a new result when the setting is off or the result is unknown", async () => {
    const off = await h.conversation(rememberBot({}));
    const first = await off.start();
    await off.send("Ada");
    const second = await off.start({ resultId: first.resultId });
    expect(second.resultId).not.toBe(first.resultId);
    expect(second.input).toEqual(nameInput);

    const on = await h.conversation(rememberBot({ rememberUser: { isEnabled: true } }));
    const unknown = await on.start({ resultId: "no-such-result" });
    expect(unknown.resultId).not.toBe("no-such-result");
    // Another bot's result is not resumed either.
    const foreign = await on.start({ resultId: first.resultId });
    expect(foreign.resultId).not.toBe(first.resultId);
    expect(foreign.input).toEqual(nameInput);
  });
});

describe("dynamic theme", () => {
  it("follows the variable behind the host avatar", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g",
            blocks: [
              say("b-hi", "Pick an avatar URL"),
              { id: "b-avatar", type: "url input", options: { variableId: "v-avatar" } },
              say("b-bye", "Looks good"),
            ],
          },
        ],
        variables: [{ id: "v-avatar", name: "Avatar" }],
        theme: { chat: { hostAvatar: { isEnabled: true, url: "{{Avatar}}" } } },
      }),
    );
    const start = await conversation.start({ prefilledVariables: { Avatar: "https://img.example/a.png" } });
    expect(start.dynamicTheme).toEqual({ hostAvatarUrl: "https://img.example/a.png" });
    expect(start.bot.theme).toEqual({ chat: { hostAvatar: { isEnabled: true, url: "https://img.example/a.png" } } });
    expect(await conversation.send("https://img.example/b.png")).toEqual({
      messages: [textMessage("b-bye", "Looks good")],
      dynamicTheme: { hostAvatarUrl: "https://img.example/b.png" },
    });
  });
});

describe("preview", () => {
  const twoGroups = () => ({
    ...buildBot({
      groups: [
        { id: "g-first", blocks: [say("b-first", "First group"), nameInput] },
        { id: "g-second", title: "Second", blocks: [say("b-second", "Second group"), nameInput] },
      ],
      variables: [{ id: "v-name", name: "Name" }],
    }),
    id: "preview-bot",
  });

  it("starts from the requested group and stores no result", async () => {
    const { start, send } = await h.preview(twoGroups(), { startFrom: { type: "group", groupId: "g-second" } });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ messages: [textMessage("b-second", "Second group")], input: nameInput });
    expect(start.body.resultId).toBeUndefined();
    expect(start.body.bot.publishedAt).toBeUndefined();
    expect(start.body.progress).toBeUndefined();
    expect((await send("Ada")).body).toEqual({ messages: [] });
    const withProgress = await h.preview(twoGroups(), { isProgressBarEnabled: true });
    expect(withProgress.start.body.progress).toBe(50);
    expect((await withProgress.send("Ada")).body).toEqual({ messages: [], progress: 100 });
    const stored = await h.server.ctx.store.db
      .selectFrom("results")
      .select("id")
      .where("botId", "=", "preview-bot")
      .execute();
    expect(stored).toEqual([]);
  });

  it("converts an old-schema bot, runs it, and refuses messages once it has ended", async () => {
    const oldBot = {
      id: "preview-bot",
      version: "5",
      name: "Old bot",
      events: null,
      groups: [
        {
          id: "g-start",
          title: "Start",
          graphCoordinates: { x: 0, y: 0 },
          blocks: [{ id: "b-start", groupId: "g-start", type: "start", label: "Start", outgoingEdgeId: "e-start" }],
        },
        {
          id: "g-ask",
          title: "Group #1",
          graphCoordinates: { x: 300, y: 0 },
          blocks: [
            {
              id: "b-ask",
              groupId: "g-ask",
              type: "text",
              content: { richText: richText("Coffee?"), plainText: "Coffee?" },
            },
            {
              id: "b-coffee",
              groupId: "g-ask",
              type: "choice input",
              outgoingEdgeId: "e-no",
              items: [
                { id: "i-yes", blockId: "b-coffee", type: 0, content: "Yes", outgoingEdgeId: "e-yes" },
                { id: "i-no", blockId: "b-coffee", type: 0, content: "No" },
              ],
              options: { buttonLabel: "Send", isMultipleChoice: false },
            },
          ],
        },
        {
          id: "g-yes",
          title: "Yes",
          graphCoordinates: { x: 600, y: 0 },
          blocks: [{ id: "b-yes", groupId: "g-yes", type: "text", content: { richText: richText("Enjoy!") } }],
        },
        {
          id: "g-no",
          title: "No",
          graphCoordinates: { x: 600, y: 200 },
          blocks: [{ id: "b-no", groupId: "g-no", type: "text", content: { richText: richText("Tea then") } }],
        },
      ],
      edges: [
        { id: "e-start", from: { groupId: "g-start", blockId: "b-start" }, to: { groupId: "g-ask" } },
        { id: "e-yes", from: { groupId: "g-ask", blockId: "b-coffee", itemId: "i-yes" }, to: { groupId: "g-yes" } },
        { id: "e-no", from: { groupId: "g-ask", blockId: "b-coffee" }, to: { groupId: "g-no" } },
      ],
      variables: [],
      theme: {},
      settings: {},
    };
    const { start, send } = await h.preview(oldBot);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.bot.version).toBe("6");
    expect(start.body.messages).toEqual([textMessage("b-ask", "Coffee?")]);
    expect(start.body.input).toEqual({
      id: "b-coffee",
      type: "choice input",
      outgoingEdgeId: "e-no",
      items: [
        { id: "i-yes", content: "Yes", outgoingEdgeId: "e-yes" },
        { id: "i-no", content: "No" },
      ],
      options: { buttonLabel: "Send", isMultipleChoice: false },
    });
    expect((await send("Yes")).body).toEqual({ messages: [textMessage("b-yes", "Enjoy!")] });
    const finished = await send("Yes");
    expect(finished.status).toBe(400);
    expect(finished.body).toEqual({
      code: "CHAT_ENDED",
      message: "This chat has ended. Start a new chat to talk to the bot again.",
    });
  });

  it("runs the stored draft from a group for a member", async () => {
    const created = await h.api.post("/v1/bots", { workspaceId: h.workspaceId, bot: twoGroups() });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const preview = await h.api.post(`/v1/bots/${created.body.bot.id}/preview/startChat`, {
      startFrom: { type: "group", groupId: "g-second" },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.messages).toEqual([textMessage("b-second", "Second group")]);
    const noEdge = { ...twoGroups(), edges: [] as unknown[] };
    const empty = await h.preview(noEdge);
    expect(empty.start.body).toMatchObject({ messages: [] });
    expect(empty.start.body.input).toBeUndefined();
    expect((await empty.send("hi")).status).toBe(400);
  });
});
