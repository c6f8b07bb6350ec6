import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";

let server: TestServer;
let api: ReturnType<typeof createClient>;
let workspaceId: string;

const botFields = [
  "chatAppCredentialsId",
  "createdAt",
  "customDomain",
  "edges",
  "events",
  "folderId",
  "groups",
  "icon",
  "id",
  "isArchived",
  "isClosed",
  "name",
  "publicId",
  "resultsTablePreferences",
  "riskLevel",
  "selectedThemeTemplateId",
  "settings",
  "theme",
  // Issue #23: `{}` for a bot without other languages.
  "translations",
  "updatedAt",
  "variables",
  "version",
  "workspaceId",
];

beforeAll(async () => {
  server = await startTestServer();
  const user = await server.createUser();
  workspaceId = user.workspaceId;
  api = createClient(server.baseUrl, user.token);
});
afterAll(() => server.close());

async function createBot(bot: object = greetingBot()) {
  const response = await api.post("/v1/bots", { workspaceId, bot });
  expect(response.status).toBe(200);
  return response.body.bot;
}

describe("create a bot (operation 2)", () => {
  it("answers every Bot field, with the server-set ones filled in", async () => {
    const input = greetingBot();
    const bot = await createBot(input);
    expect(Object.keys(bot).sort()).toEqual(botFields);
    expect(bot).toMatchObject({
      version: "6",
      name: "Greeting bot",
      workspaceId,
      groups: input.groups,
      edges: input.edges,
      events: input.events,
      variables: input.variables,
      theme: input.theme,
      settings: input.settings,
      icon: null,
      folderId: null,
      publicId: null,
      customDomain: null,
      resultsTablePreferences: null,
      isArchived: false,
      isClosed: false,
      chatAppCredentialsId: null,
      riskLevel: null,
      selectedThemeTemplateId: null,
    });
    expect(bot.createdAt).toBe(bot.updatedAt);
  });

  it('names an empty bot "My bot" and gives it one start event', async () => {
    const response = await api.post("/v1/bots", { workspaceId });
    expect(response.status).toBe(200);
    const { bot } = response.body;
    expect(bot.name).toBe("My bot");
    expect(bot.events).toHaveLength(1);
    expect(bot.events[0]).toMatchObject({ type: "start", graphCoordinates: { x: 0, y: 0 } });
    expect(bot.groups).toEqual([]);
    expect(bot.theme).toEqual({});
    expect(bot.settings).toEqual({});
  });

  it("answers 400 with the JSON path of an unknown block type", async () => {
    const input = greetingBot();
    (input.groups[0].blocks[1] as { type: string }).type = "hologram input";
    const { status, body } = await api.post("/v1/bots", { workspaceId, bot: input });
    expect(status).toBe(400);
    expect(body.code).toBe("BAD_REQUEST");
    expect(body.issues.map((i: { path: string }) => i.path)).toContain("bot.groups.0.blocks.1.type");
  });

  it("answers 400 with the path of a malformed block option", async () => {
    const input = greetingBot();
    (input.groups[0].blocks[1] as { options: unknown }).options = { variableId: 42 };
    const { status, body } = await api.post("/v1/bots", { workspaceId, bot: input });
    expect(status).toBe(400);
    expect(body.issues[0].path).toBe("bot.groups.0.blocks.1.options.variableId");
  });

  it("answers 404 for a workspace the caller is not a member of", async () => {
    const { status, body } = await api.post("/v1/bots", { workspaceId: "nope", bot: {} });
    expect(status).toBe(404);
    expect(body).toEqual({ code: "NOT_FOUND", message: "Workspace not found" });
  });
});

describe("read a bot (operation 3)", () => {
  it('answers the bot and currentUserMode "write" for a member', async () => {
    const bot = await createBot();
    const { status, body } = await api.get(`/v1/bots/${bot.id}?migrateToLatestVersion=true`);
    expect(status).toBe(200);
    expect(body).toEqual({ bot, currentUserMode: "write" });
  });

  it("lets anyone read a publicly shared bot as a guest", async () => {
    const bot = await createBot({ ...greetingBot(), settings: { publicShare: { isEnabled: true } } });
    const { status, body } = await createClient(server.baseUrl).get(`/v1/bots/${bot.id}`);
    expect(status).toBe(200);
    expect(body.currentUserMode).toBe("guest");
    const privateBot = await createBot();
    expect((await createClient(server.baseUrl).get(`/v1/bots/${privateBot.id}`)).status).toBe(401);
  });

  it("answers 400 for a malformed migrateToLatestVersion and 404 for an unknown bot", async () => {
    const bot = await createBot();
    const bad = await api.get(`/v1/bots/${bot.id}?migrateToLatestVersion=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe("query.migrateToLatestVersion");
    const unknown = await api.get("/v1/bots/unknown-bot");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: "NOT_FOUND", message: "Bot not found" });
  });
});

describe("update a bot (operation 4)", () => {
  it("changes only the given fields, clears nullable fields with null and replaces arrays", async () => {
    const folder = (await api.post(`/v1/workspaces/${workspaceId}/folders`, { name: "Support" })).body.folder;
    const bot = await createBot({ ...greetingBot(), icon: "🤖", folderId: folder.id });
    const { status, body } = await api.patch(`/v1/bots/${bot.id}`, {
      bot: { name: "Renamed", icon: null, variables: [] },
    });
    expect(status).toBe(200);
    expect(body.bot).toMatchObject({
      name: "Renamed",
      icon: null,
      folderId: folder.id,
      variables: [],
      groups: bot.groups,
    });
    expect(body.bot.updatedAt >= bot.updatedAt).toBe(true);
    expect((await api.get(`/v1/bots/${bot.id}`)).body.bot).toEqual(body.bot);
  });

  it("answers 409 when the stored bot is more than 5 s newer, unless overwrite is set", async () => {
    const bot = await createBot();
    const stale = new Date(Date.parse(bot.updatedAt) - 10_000).toISOString();
    const conflict = await api.patch(`/v1/bots/${bot.id}`, { bot: { name: "Stale", updatedAt: stale } });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ code: "CONFLICT", message: "Found newer version of the bot in database" });
    expect((await api.get(`/v1/bots/${bot.id}`)).body.bot.name).toBe("Greeting bot");
    const forced = await api.request("PATCH", `/v1/bots/${bot.id}`, {
      bot: { name: "Forced", updatedAt: stale },
      overwrite: true,
    });
    expect(forced.status).toBe(200);
    expect(forced.body.bot.name).toBe("Forced");
    const recent = await api.patch(`/v1/bots/${bot.id}`, {
      bot: { name: "Fresh", updatedAt: new Date(Date.parse(bot.updatedAt) - 2_000).toISOString() },
    });
    expect(recent.status).toBe(200);
  });

  it("answers 409 for a public id taken by another bot and 400 for a malformed one", async () => {
    const first = await createBot();
    const second = await createBot();
    expect((await api.patch(`/v1/bots/${first.id}`, { bot: { publicId: "taken-id" } })).status).toBe(200);
    const taken = await api.patch(`/v1/bots/${second.id}`, { bot: { publicId: "taken-id" } });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      code: "PUBLIC_ID_TAKEN",
      message: 'The public id "taken-id" is already used by another bot: choose another one',
    });
    for (const publicId of ["Upper", "-leading", "has space", "a".repeat(256)]) {
      const bad = await api.patch(`/v1/bots/${second.id}`, { bot: { publicId } });
      expect(bad.status).toBe(400);
      expect(bad.body.issues[0].path).toBe("bot.publicId");
    }
    expect((await api.patch(`/v1/bots/${first.id}`, { bot: { publicId: "taken-id" } })).status).toBe(200);
  });
});

describe("the messaging app a bot answers on (chatAppCredentialsId)", () => {
  const telegram = { botToken: "123456:telegram-bot-token", secretToken: "tg_secret-token" };
  async function credentials(type: string, data: object, workspace = workspaceId, client = api) {
    const created = await client.post(`/v1/workspaces/${workspace}/credentials`, { type, name: type, data });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.credentials.id as string;
  }
  const refused = (message: string) => ({
    code: "BAD_REQUEST",
    message: "Unknown messaging app credentials",
    issues: [{ path: "bot.chatAppCredentialsId", message }],
  });

  it("keeps the credentials a new bot is created with, and an update can change or clear them", async () => {
    const first = await credentials("telegram", telegram);
    const second = await credentials("telegram", telegram);
    const bot = await createBot({ ...greetingBot(), chatAppCredentialsId: first });
    expect(bot.chatAppCredentialsId).toBe(first);
    expect((await api.get(`/v1/bots/${bot.id}`)).body.bot.chatAppCredentialsId).toBe(first);
    const moved = await api.patch(`/v1/bots/${bot.id}`, { bot: { chatAppCredentialsId: second } });
    expect(moved.body.bot.chatAppCredentialsId).toBe(second);
    const untouched = await api.patch(`/v1/bots/${bot.id}`, { bot: { name: "Renamed" } });
    expect(untouched.body.bot.chatAppCredentialsId).toBe(second);
    const cleared = await api.patch(`/v1/bots/${bot.id}`, { bot: { chatAppCredentialsId: null } });
    expect(cleared.body.bot.chatAppCredentialsId).toBeNull();
    expect((await api.get(`/v1/bots/${bot.id}`)).body.bot.chatAppCredentialsId).toBeNull();
  });

  it("answers 400 for credentials that are unknown, of another workspace or not a messaging app's", async () => {
    const smtp = await credentials("smtp", { host: "127.0.0.1", port: 2525, from: "bot@example.com" });
    const other = await server.createUser();
    const elsewhere = await credentials(
      "telegram",
      telegram,
      other.workspaceId,
      createClient(server.baseUrl, other.token),
    );
    const bot = await createBot();
    const cases = [
      ["nope", refused("No credentials with this id in the workspace")],
      [elsewhere, refused("No credentials with this id in the workspace")],
      [smtp, refused("These credentials are for smtp, not a messaging app (WhatsApp or Telegram)")],
    ] as const;
    for (const [chatAppCredentialsId, body] of cases) {
      const created = await api.post("/v1/bots", { workspaceId, bot: { ...greetingBot(), chatAppCredentialsId } });
      expect([created.status, created.body]).toEqual([400, body]);
      const updated = await api.patch(`/v1/bots/${bot.id}`, { bot: { chatAppCredentialsId } });
      expect([updated.status, updated.body]).toEqual([400, body]);
    }
    expect((await api.get(`/v1/bots/${bot.id}`)).body.bot.chatAppCredentialsId).toBeNull();
  });

  it("drops them from an import, as everything else that ties an export to the instance it came from", async () => {
    const own = await credentials("telegram", telegram);
    const exported = await createBot({ ...greetingBot(), chatAppCredentialsId: own });
    const imported = await api.post("/v1/bots/import", { workspaceId, bot: exported });
    expect(imported.status).toBe(200);
    expect(imported.body.bot.chatAppCredentialsId).toBeNull();
    const reference = await api.post("/v1/bots/import", {
      workspaceId,
      bot: { ...greetingBot(), whatsAppCredentialsId: own },
    });
    expect(reference.status).toBe(200);
    expect(reference.body.bot.chatAppCredentialsId).toBeNull();
  });
});

describe("publish, read published, unpublish, list and delete", () => {
  it("publishes under a default public id and serves the published copy (operation 5)", async () => {
    const bot = await createBot();
    const before = await api.get(`/v1/bots/${bot.id}/publishedBot`);
    expect(before.status).toBe(404);
    expect(before.body).toEqual({ code: "BOT_NOT_PUBLISHED", message: "Published bot not found" });

    const published = await api.post(`/v1/bots/${bot.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body).toEqual({
      message: "success",
      publicId: `greeting-bot-${bot.id.slice(-7)}`,
      findings: [],
      versionId: expect.any(String),
      versionNumber: 1,
    });

    const { status, body } = await api.get(`/v1/bots/${bot.id}/publishedBot?migrateToLatestVersion=false`);
    expect(status).toBe(200);
    expect(body.version).toBe("6");
    expect(Object.keys(body.publishedBot).sort()).toEqual([
      "botId",
      "createdAt",
      "edges",
      "events",
      "groups",
      "id",
      "settings",
      "theme",
      "translations",
      "updatedAt",
      "variables",
      "version",
    ]);
    expect(body.publishedBot).toMatchObject({ botId: bot.id, version: "6", groups: bot.groups, edges: bot.edges });

    // The draft changes; the published copy does not until the next publish.
    await api.patch(`/v1/bots/${bot.id}`, { bot: { groups: [] } });
    expect((await api.get(`/v1/bots/${bot.id}/publishedBot`)).body.publishedBot.groups).toEqual(bot.groups);
    await api.post(`/v1/bots/${bot.id}/publish`);
    expect((await api.get(`/v1/bots/${bot.id}/publishedBot`)).body.publishedBot.groups).toEqual([]);

    expect((await api.post(`/v1/bots/${bot.id}/unpublish`)).body).toEqual({ message: "success" });
    expect((await api.get(`/v1/bots/${bot.id}/publishedBot`)).status).toBe(404);
    expect((await api.post(`/v1/bots/${bot.id}/unpublish`)).status).toBe(404);
  });

  it("lists the workspace's bots without their flows, and deletes softly", async () => {
    const bot = await createBot({ ...greetingBot(), name: "Listed", publicId: "listed-bot" });
    const list = await api.get(`/v1/bots?workspaceId=${workspaceId}`);
    expect(list.status).toBe(200);
    const item = list.body.bots.find((b: { id: string }) => b.id === bot.id);
    expect(item).toMatchObject({ id: bot.id, name: "Listed", publicId: "listed-bot", isPublished: false });
    expect(item.groups).toBeUndefined();

    expect((await api.delete(`/v1/bots/${bot.id}`)).body).toEqual({ message: "success" });
    expect((await api.get(`/v1/bots/${bot.id}`)).status).toBe(404);
    const after = await api.get(`/v1/bots?workspaceId=${workspaceId}`);
    expect(after.body.bots.map((b: { id: string }) => b.id)).not.toContain(bot.id);
    // The public id is free again.
    expect((await api.post("/v1/bots", { workspaceId, bot: { publicId: "listed-bot" } })).status).toBe(200);
    const stored = await server.ctx.store.db
      .selectFrom("bots")
      .select(["isArchived", "publicId"])
      .where("id", "=", bot.id)
      .executeTakeFirst();
    expect(stored).toEqual({ isArchived: 1, publicId: null });
  });
});

describe("bad requests", () => {
  it("answers 400 for malformed JSON, 415 for a wrong content type and 413 for an oversized bot", async () => {
    const malformed = await api.request("POST", "/v1/bots", '{"workspaceId": ', { "content-type": "application/json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("BAD_REQUEST");

    const wrongType = await api.request("POST", "/v1/workspaces", "name=x", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");

    const huge = { workspaceId, bot: { name: "x".repeat(2 * 1024 * 1024) } };
    const tooLarge = await api.post("/v1/bots", huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe("PAYLOAD_TOO_LARGE");

    const protoPollution = await api.request("POST", "/v1/workspaces", '{"name":"x","__proto__":{"admin":true}}', {
      "content-type": "application/json",
    });
    expect(protoPollution.status).toBe(400);
  });

  it("answers 404 with the error body for an unknown route", async () => {
    const { status, body } = await api.get("/v1/nothing-here");
    expect(status).toBe(404);
    expect(body).toEqual({ code: "NOT_FOUND", message: "Route GET /api/v1/nothing-here not found" });
  });
});
