import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPassword } from "../../src/services/auth/browser-sessions.js";
import { createClient } from "../helpers/http-client.js";
import { greetingBot, richText } from "../helpers/sample-bots.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

let server: TestServer;
let owner: Awaited<ReturnType<TestServer["createUser"]>>;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser();
  api = createClient(server.baseUrl, owner.token);
});
afterAll(() => server.close());

const emailOf = async (userId: string) => (await server.ctx.users.findById(userId))!.email;

async function createBot(bot: object = greetingBot()) {
  const response = await api.post("/v1/bots", { workspaceId: owner.workspaceId, bot });
  expect(response.status).toBe(200);
  return response.body.bot;
}

describe("API tokens of the caller", () => {
  it("lists, creates (value shown once) and revokes the caller's own tokens", async () => {
    const user = await server.createUser();
    const client = createClient(server.baseUrl, user.token);
    const before = await client.get("/v1/tokens");
    expect(before.body).toEqual({
      tokens: [
        {
          id: expect.any(String),
          name: "test",
          createdAt: expect.any(String),
          lastUsedAt: expect.any(String),
          revokedAt: null,
        },
      ],
    });

    const created = await client.post("/v1/tokens", { name: "  deploy script " });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      token: { id: expect.any(String), name: "deploy script", createdAt: expect.any(String) },
      value: expect.stringMatching(/^pat_[A-Za-z0-9_-]{43}$/),
    });
    const script = createClient(server.baseUrl, created.body.value);
    expect((await script.get("/v1/workspaces")).status).toBe(200);

    const listed = await client.get("/v1/tokens");
    expect(listed.body.tokens.map((token: { name: string }) => token.name)).toEqual(["test", "deploy script"]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.value);

    const revoked = await client.delete(`/v1/tokens/${created.body.token.id}`);
    expect(revoked.body).toEqual({ message: "success" });
    expect((await script.get("/v1/workspaces")).status).toBe(401);
    const after = (await client.get("/v1/tokens")).body.tokens[1];
    expect(after).toMatchObject({ id: created.body.token.id, revokedAt: expect.any(String) });
  });

  it("answers 404 for another user's token and never lists it", async () => {
    const other = await server.createUser();
    const [otherToken] = (await createClient(server.baseUrl, other.token).get("/v1/tokens")).body.tokens;
    const attempt = await api.delete(`/v1/tokens/${otherToken.id}`);
    expect(attempt.status).toBe(404);
    expect(attempt.body).toEqual({ code: "NOT_FOUND", message: "Token not found" });
    expect((await createClient(server.baseUrl, other.token).get("/v1/workspaces")).status).toBe(200);
    const mine = (await api.get("/v1/tokens")).body.tokens.map((token: { id: string }) => token.id);
    expect(mine).not.toContain(otherToken.id);
  });

  it("creates a token from a signed-in browser", async () => {
    const user = await server.createUser();
    await setPassword(server.ctx, user.userId, "builder password");
    const login = await createClient(server.baseUrl).post("/auth/login", {
      email: await emailOf(user.userId),
      password: "builder password",
    });
    const headers = { cookie: login.headers.get("set-cookie")!.split(";")[0], "x-csrf-token": login.body.csrfToken };
    const created = await createClient(server.baseUrl).post("/v1/tokens", { name: "from the builder" }, headers);
    expect(created.status).toBe(200);
    expect((await createClient(server.baseUrl, created.body.value).get("/v1/tokens")).body.tokens).toHaveLength(2);
  });
});

describe("workspaces", () => {
  it("renames a workspace and changes its icon", async () => {
    const user = await server.createUser();
    const client = createClient(server.baseUrl, user.token);
    const renamed = await client.patch(`/v1/workspaces/${user.workspaceId}`, { name: "  Support team ", icon: "🛟" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.workspace).toMatchObject({ id: user.workspaceId, name: "Support team", icon: "🛟" });
    expect((await client.get(`/v1/workspaces/${user.workspaceId}`)).body.workspace.name).toBe("Support team");
    const cleared = await client.patch(`/v1/workspaces/${user.workspaceId}`, { icon: null });
    expect(cleared.body.workspace).toMatchObject({ name: "Support team", icon: null });
    const empty = await client.patch(`/v1/workspaces/${user.workspaceId}`, { name: " " });
    expect(empty.status).toBe(400);
  });

  it("lists members with their e-mail and role; non-members get 404 and plain members cannot rename", async () => {
    const admin = await server.createUser();
    const member = await server.createUser();
    await server.ctx.store.db
      .insertInto("members")
      .values({
        workspaceId: admin.workspaceId,
        userId: member.userId,
        role: "MEMBER",
        createdAt: new Date(Date.now() + 1000).toISOString(),
      })
      .execute();
    const members = await createClient(server.baseUrl, admin.token).get(`/v1/workspaces/${admin.workspaceId}/members`);
    expect(members.body).toEqual({
      members: [
        { userId: admin.userId, email: await emailOf(admin.userId), role: "ADMIN" },
        { userId: member.userId, email: await emailOf(member.userId), role: "MEMBER" },
      ],
      invitations: [],
    });
    const refused = await createClient(server.baseUrl, member.token).patch(`/v1/workspaces/${admin.workspaceId}`, {
      name: "Mine",
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "ADMIN_ONLY", message: "Only the workspace's admins can change it" });
    const stranger = createClient(server.baseUrl, (await server.createUser()).token);
    expect((await stranger.get(`/v1/workspaces/${admin.workspaceId}/members`)).status).toBe(404);
    expect((await stranger.patch(`/v1/workspaces/${admin.workspaceId}`, { name: "Mine" })).status).toBe(404);
  });
});

describe("duplicating a bot", () => {
  it("copies the flow into the same workspace as '<name> (copy)', unpublished and without public id", async () => {
    const original = await createBot();
    await api.post(`/v1/bots/${original.id}/publish`);
    const copied = await api.post(`/v1/bots/${original.id}/duplicate`);
    expect(copied.status).toBe(200);
    const copy = copied.body.bot;
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      name: "Greeting bot (copy)",
      workspaceId: owner.workspaceId,
      publicId: null,
      groups: original.groups,
      edges: original.edges,
      events: original.events,
      variables: original.variables,
      theme: original.theme,
      settings: original.settings,
    });
    const listed = (await api.get(`/v1/bots?workspaceId=${owner.workspaceId}`)).body.bots;
    expect(listed.find((bot: { id: string }) => bot.id === copy.id)).toMatchObject({ isPublished: false });
    const stranger = createClient(server.baseUrl, (await server.createUser()).token);
    expect((await stranger.post(`/v1/bots/${original.id}/duplicate`)).status).toBe(404);
  });
});

/** An export of the reference product as its editor writes it: schema v5, brand-named fields. */
function referenceExportV5() {
  return {
    id: "clx0referencebot0000000001",
    version: "5",
    name: "Support triage",
    events: null,
    groups: [
      {
        id: "grp-start",
        title: "Start",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [{ id: "blk-start", groupId: "grp-start", type: "start", label: "Start", outgoingEdgeId: "edg-start" }],
      },
      {
        id: "grp-welcome",
        title: "Welcome",
        graphCoordinates: { x: 320, y: 40 },
        blocks: [
          {
            id: "blk-hello",
            groupId: "grp-welcome",
            type: "text",
            content: { richText: richText("Hi! What do you need?") },
          },
          {
            id: "blk-topic",
            groupId: "grp-welcome",
            type: "choice input",
            items: [
              { id: "itm-billing", blockId: "blk-topic", type: 0, content: "Billing", outgoingEdgeId: "edg-billing" },
              { id: "itm-again", blockId: "blk-topic", type: 0, content: "Start over", outgoingEdgeId: "edg-again" },
            ],
            options: { variableId: "var-topic", buttonLabel: "Send", isMultipleChoice: false },
          },
        ],
      },
      {
        id: "grp-billing",
        title: "Billing",
        graphCoordinates: { x: 700, y: 0 },
        blocks: [
          {
            id: "blk-billing",
            groupId: "grp-billing",
            type: "text",
            content: { richText: richText("{{Topic}}: an agent will write to you.") },
          },
        ],
      },
      {
        id: "grp-again",
        title: "Again",
        graphCoordinates: { x: 700, y: 240 },
        blocks: [
          {
            id: "blk-link",
            groupId: "grp-again",
            type: "Typebot link",
            options: { typebotId: "current", groupId: "grp-welcome", mergeResults: true },
          },
        ],
      },
    ],
    edges: [
      { id: "edg-start", from: { groupId: "grp-start", blockId: "blk-start" }, to: { groupId: "grp-welcome" } },
      {
        id: "edg-billing",
        from: { groupId: "grp-welcome", blockId: "blk-topic", itemId: "itm-billing" },
        to: { groupId: "grp-billing" },
      },
      {
        id: "edg-again",
        from: { groupId: "grp-welcome", blockId: "blk-topic", itemId: "itm-again" },
        to: { groupId: "grp-again" },
      },
    ],
    variables: [{ id: "var-topic", name: "Topic" }],
    theme: { general: { font: "Open Sans", background: { type: "Color", content: "#ffffff" } } },
    settings: {
      general: { isBrandingEnabled: true, isInputPrefillEnabled: true },
      typingEmulation: { enabled: true, speed: 300, maxDelay: 1.5 },
      metadata: { description: "Support triage", googleTagManagerId: "GTM-ABC123" },
      whatsApp: { isEnabled: false },
    },
    createdAt: "2024-03-01T10:00:00.000Z",
    updatedAt: "2024-03-02T10:00:00.000Z",
    icon: "🛟",
    folderId: "fld-elsewhere",
    publicId: "support-triage",
    customDomain: "chat.example.com",
    workspaceId: "wks-elsewhere",
    resultsTablePreferences: { columnsOrder: [], columnsVisibility: {}, columnsWidth: [] },
    isArchived: false,
    isClosed: false,
    whatsAppCredentialsId: null,
    selectedThemeTemplateId: null,
  };
}

describe("importing a bot", () => {
  it("converts the reference product's v5 export, keeps its ids, name and free public id, drops what belongs to its instance", async () => {
    const imported = await api.post("/v1/bots/import", { workspaceId: owner.workspaceId, bot: referenceExportV5() });
    expect(imported.status).toBe(200);
    expect(imported.body.notices).toEqual([]);
    const bot = imported.body.bot;
    expect(bot.id).not.toBe("clx0referencebot0000000001");
    expect(bot).toMatchObject({
      version: "6",
      name: "Support triage",
      icon: "🛟",
      workspaceId: owner.workspaceId,
      folderId: null,
      // The site's embed code names these: kept, since nothing else here uses them.
      publicId: "support-triage",
      customDomain: "chat.example.com",
      chatAppCredentialsId: null,
      resultsTablePreferences: { columnsOrder: [], columnsVisibility: {}, columnsWidth: {} },
      events: [{ id: "grp-start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "edg-start" }],
      variables: [{ id: "var-topic", name: "Topic" }],
    });
    expect(bot.groups.map((group: { id: string }) => group.id)).toEqual(["grp-welcome", "grp-billing", "grp-again"]);
    expect(bot.groups[0].blocks[1].items).toEqual([
      { id: "itm-billing", content: "Billing", outgoingEdgeId: "edg-billing" },
      { id: "itm-again", content: "Start over", outgoingEdgeId: "edg-again" },
    ]);
    expect(bot.groups[2].blocks).toEqual([
      { id: "blk-link", type: "Bot link", options: { botId: "current", groupId: "grp-welcome", mergeResults: true } },
    ]);
    expect(bot.edges[0]).toEqual({ id: "edg-start", from: { eventId: "grp-start" }, to: { groupId: "grp-welcome" } });
    expect(bot.settings.metadata).toEqual({ description: "Support triage", tagManagerId: "GTM-ABC123" });
    expect(bot.settings.chatApp).toEqual({ isEnabled: false });

    // It runs: the preview walks the upgraded flow, through the bot link back to the welcome group.
    const started = await api.post(`/v1/bots/${bot.id}/preview/startChat`, {});
    expect(started.status).toBe(200);
    expect(JSON.stringify(started.body.messages)).toContain("Hi! What do you need?");
    expect(started.body.input.items.map((item: { content: string }) => item.content)).toEqual([
      "Billing",
      "Start over",
    ]);
    const again = await api.post(`/v1/sessions/${started.body.sessionId}/continueChat`, { message: "Start over" });
    expect(again.status).toBe(200);
    expect(JSON.stringify(again.body.messages)).toContain("Hi! What do you need?");
    const billing = await api.post(`/v1/sessions/${started.body.sessionId}/continueChat`, { message: "Billing" });
    expect(JSON.stringify(billing.body.messages)).toContain("Billing: an agent will write to you.");
  });

  it("imports Parley's own export as a new bot, and says which public id it could not keep because another bot has it", async () => {
    const original = await createBot({ ...greetingBot(), publicId: "greeting-export-source" });
    const exported = (await api.get(`/v1/bots/${original.id}`)).body.bot;
    const imported = await api.post("/v1/bots/import", { workspaceId: owner.workspaceId, bot: exported });
    expect(imported.status).toBe(200);
    expect(imported.body.bot.id).not.toBe(original.id);
    expect(imported.body.bot).toMatchObject({
      name: "Greeting bot",
      publicId: null,
      groups: original.groups,
      edges: original.edges,
      events: original.events,
    });
    expect(imported.body.notices).toEqual([
      {
        code: "PUBLIC_ID_TAKEN",
        field: "publicId",
        value: "greeting-export-source",
        message:
          "The export's public id \"greeting-export-source\" was not kept: another bot of this server uses it. Free it there and enter it in Settings → Public id, or change the embed code to the new bot's id.",
      },
    ]);
  });

  it("says why an export's public id that is not valid here, and a custom domain in use, were not kept", async () => {
    await createBot({ ...greetingBot(), customDomain: "chat.taken.example" });
    const exported = {
      ...referenceExportV5(),
      publicId: "Support--Triage",
      customDomain: "https://CHAT.taken.example/",
    };
    const imported = await api.post("/v1/bots/import", { workspaceId: owner.workspaceId, bot: exported });
    expect(imported.status).toBe(200);
    expect(imported.body.bot).toMatchObject({ publicId: null, customDomain: null });
    expect(imported.body.notices.map((notice: { code: string; value: string }) => [notice.code, notice.value])).toEqual(
      [
        ["PUBLIC_ID_INVALID", "Support--Triage"],
        ["CUSTOM_DOMAIN_TAKEN", "chat.taken.example"],
      ],
    );
  });

  it("answers 400 naming each invalid path, and 404 for a workspace of someone else", async () => {
    const broken = referenceExportV5();
    (broken.groups[1].blocks[0] as { type: string }).type = "hologram";
    const invalid = await api.post("/v1/bots/import", { workspaceId: owner.workspaceId, bot: broken });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("INVALID_BOT");
    expect(invalid.body.issues.map((issue: { path: string }) => issue.path)).toEqual(["bot.groups.0.blocks.0.type"]);
    expect(invalid.body.message).toMatch(/^Invalid bot: bot\.groups\.0\.blocks\.0\.type: /);
    const elsewhere = await api.post("/v1/bots/import", {
      workspaceId: (await server.createUser()).workspaceId,
      bot: referenceExportV5(),
    });
    expect(elsewhere.status).toBe(404);
  });
});

/** One flaw per rule of the publish check. */
function flawedBot() {
  return {
    name: "Flawed",
    events: [{ id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-main",
        title: "Main",
        graphCoordinates: { x: 200, y: 0 },
        blocks: [
          { id: "b-hello", type: "text", content: { richText: richText("Hello {{Nickname}}, {{Mood}}?") } },
          { id: "b-empty", type: "text", content: { richText: richText("") } },
          {
            id: "b-pick",
            type: "choice input",
            items: [
              { id: "i-good", content: "Good", outgoingEdgeId: "e-good" },
              { id: "i-bad", content: "Bad" },
              { id: "i-gone", content: "Gone", outgoingEdgeId: "e-gone" },
            ],
            options: { variableId: "v-mood" },
          },
        ],
      },
      {
        id: "g-good",
        title: "Good",
        graphCoordinates: { x: 500, y: 0 },
        blocks: [{ id: "b-yay", type: "text", content: { richText: richText("Yay") } }],
      },
      {
        id: "g-orphan",
        title: "Orphan",
        graphCoordinates: { x: 500, y: 300 },
        blocks: [{ id: "b-orphan", type: "text", content: { richText: richText("Alone") } }],
      },
    ],
    edges: [
      { id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g-main" } },
      { id: "e-good", from: { blockId: "b-pick", itemId: "i-good" }, to: { groupId: "g-good" } },
      { id: "e-gone", from: { blockId: "b-pick", itemId: "i-gone" }, to: { groupId: "g-deleted" } },
    ],
    variables: [
      { id: "v-mood", name: "Mood" },
      { id: "v-nick", name: "Nickname" },
    ],
  };
}

const flawedFindings = [
  {
    severity: "error",
    groupId: "g-main",
    blockId: "b-pick",
    message: 'Item "Gone" leads to a group that does not exist ("g-deleted")',
  },
  {
    severity: "warning",
    groupId: "g-main",
    blockId: "b-pick",
    message: 'Nothing follows item "Bad": after the visitor picks "Bad", the chat ends without a reply',
  },
  {
    severity: "warning",
    groupId: "g-orphan",
    message: 'The group "Orphan" is never reached: nothing from the start leads to it',
  },
  {
    severity: "warning",
    groupId: "g-main",
    blockId: "b-hello",
    message:
      'Variable "Nickname" is used here but never set: no block saves to it and it has no value, so it stays empty unless prefilled',
  },
  {
    severity: "warning",
    groupId: "g-main",
    blockId: "b-empty",
    message: "This text bubble is empty: the visitor would see nothing here",
  },
];

describe("the publish check", () => {
  it("reports a finding per rule on the draft", async () => {
    const bot = await createBot(flawedBot());
    const linted = await api.post(`/v1/bots/${bot.id}/lint`);
    expect(linted.status).toBe(200);
    expect(linted.body).toEqual({ findings: flawedFindings });
  });

  it("finds nothing in a sound bot", async () => {
    const bot = await createBot();
    expect((await api.post(`/v1/bots/${bot.id}/lint`)).body).toEqual({ findings: [] });
  });

  it("comes with the publish answer, which still publishes", async () => {
    const bot = await createBot(flawedBot());
    const published = await api.post(`/v1/bots/${bot.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body).toEqual({
      message: "success",
      publicId: `flawed-${bot.id.slice(-7)}`,
      versionId: expect.any(String),
      versionNumber: 1,
      findings: flawedFindings,
    });
    expect((await api.get(`/v1/bots/${bot.id}/publishedBot`)).status).toBe(200);
  });

  it("answers 404 for a bot of another workspace", async () => {
    const bot = await createBot();
    const stranger = createClient(server.baseUrl, (await server.createUser()).token);
    expect((await stranger.post(`/v1/bots/${bot.id}/lint`)).status).toBe(404);
  });
});

describe("reserved public ids", () => {
  it("refuses the builder's and the server's paths as public ids with 400", async () => {
    const bot = await createBot();
    for (const publicId of [
      "api",
      "login",
      "setup",
      "bots",
      "workspaces",
      "settings",
      "inbox",
      "assets",
      "files",
      "health",
      "logout",
    ]) {
      const refused = await api.patch(`/v1/bots/${bot.id}`, { bot: { publicId } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        `Invalid body: bot.publicId: publicId "${publicId}" is reserved for Parley's own pages; choose another one`,
      );
    }
    const created = await api.post("/v1/bots", { workspaceId: owner.workspaceId, bot: { publicId: "login" } });
    expect(created.status).toBe(400);
    expect((await api.patch(`/v1/bots/${bot.id}`, { bot: { publicId: "login-help" } })).status).toBe(200);
  });
});
