import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSetupToken } from "../../src/services/auth/setup-links.js";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

// Issue #25: the builder's publish button, its bots list, the public id field and the setup page read these.
let server: TestServer;
let api: ReturnType<typeof createClient>;
let workspaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await server.createUser();
  workspaceId = user.workspaceId;
  api = createClient(server.baseUrl, user.token);
});
afterAll(() => server.close());

const createBot = async (bot: Record<string, unknown> = {}) => {
  const response = await api.post("/v1/bots", { workspaceId, bot: { ...greetingBot(), ...bot } });
  expect(response.status).toBe(200);
  return response.body.bot as { id: string; groups: { title: string }[]; updatedAt: string };
};

const listed = async (botId: string) =>
  ((await api.get(`/v1/bots?workspaceId=${workspaceId}`)).body.bots as { id: string }[]).find(
    (bot) => bot.id === botId,
  );

describe("a taken public id", () => {
  it("answers 409 PUBLIC_ID_TAKEN with a message naming it, on update and on create; the bot keeps its own", async () => {
    const owner = await createBot({ publicId: "lead-capture" });
    const other = await createBot();
    const expected = {
      code: "PUBLIC_ID_TAKEN",
      message: 'The public id "lead-capture" is already used by another bot: choose another one',
    };
    const update = await api.patch(`/v1/bots/${other.id}`, { bot: { publicId: "lead-capture" } });
    expect({ status: update.status, body: update.body }).toEqual({ status: 409, body: expected });
    const create = await api.post("/v1/bots", { workspaceId, bot: { ...greetingBot(), publicId: "lead-capture" } });
    expect({ status: create.status, body: create.body }).toEqual({ status: 409, body: expected });
    expect((await api.get(`/v1/bots/${other.id}`)).body.bot.publicId).toBeNull();
    // Saving its own public id again is no clash.
    expect((await api.patch(`/v1/bots/${owner.id}`, { bot: { publicId: "lead-capture" } })).status).toBe(200);
    expect((await api.patch(`/v1/bots/${other.id}`, { bot: { publicId: "lead-capture-2" } })).body.bot.publicId).toBe(
      "lead-capture-2",
    );
  });
});

describe("publish state", () => {
  it("follows the draft against the published version, in its own read and in the bots list", async () => {
    const bot = await createBot();
    const state = async () => (await api.get(`/v1/bots/${bot.id}/publish-state`)).body;

    expect(await state()).toEqual({ isPublished: false, hasUnpublishedChanges: false, publishedAt: null });
    expect(await listed(bot.id)).toMatchObject({ isPublished: false, hasUnpublishedChanges: false });

    expect((await api.post(`/v1/bots/${bot.id}/publish`)).status).toBe(200);
    const published = await state();
    expect(published).toEqual({ isPublished: true, hasUnpublishedChanges: false, publishedAt: expect.any(String) });
    expect(await listed(bot.id)).toMatchObject({ isPublished: true, hasUnpublishedChanges: false });

    // The name and the public id are not part of what visitors run: no change to publish.
    expect((await api.patch(`/v1/bots/${bot.id}`, { bot: { name: "Renamed" } })).status).toBe(200);
    expect((await state()).hasUnpublishedChanges).toBe(false);

    const groups = bot.groups.map((group, index) => (index === 0 ? { ...group, title: "Edited" } : group));
    expect((await api.patch(`/v1/bots/${bot.id}`, { bot: { groups } })).status).toBe(200);
    expect(await state()).toEqual({ ...published, hasUnpublishedChanges: true });
    expect(await listed(bot.id)).toMatchObject({ isPublished: true, hasUnpublishedChanges: true });

    // Undoing the edit brings the draft back to the published version.
    expect((await api.patch(`/v1/bots/${bot.id}`, { bot: { groups: bot.groups } })).status).toBe(200);
    expect((await state()).hasUnpublishedChanges).toBe(false);

    expect((await api.patch(`/v1/bots/${bot.id}`, { bot: { groups } })).status).toBe(200);
    expect((await api.post(`/v1/bots/${bot.id}/publish`)).status).toBe(200);
    expect((await state()).hasUnpublishedChanges).toBe(false);
    expect(await listed(bot.id)).toMatchObject({ hasUnpublishedChanges: false });

    expect((await api.post(`/v1/bots/${bot.id}/unpublish`)).status).toBe(200);
    expect(await state()).toEqual({ isPublished: false, hasUnpublishedChanges: false, publishedAt: null });
  });

  it("answers 404 for an unknown bot and 401 without a token", async () => {
    expect((await api.get("/v1/bots/nosuchbot000000000000000/publish-state")).status).toBe(404);
    const bot = await createBot();
    expect((await createClient(server.baseUrl).get(`/v1/bots/${bot.id}/publish-state`)).status).toBe(401);
  });
});

describe("setup link state", () => {
  it("names the account of a working or used link, not of an expired one, and refuses an unknown token", async () => {
    const email = `setup-${Date.now()}@example.com`;
    const user = await server.ctx.users.findOrCreateByEmail(email);
    const anonymous = createClient(server.baseUrl);
    const token = await createSetupToken(server.ctx, user.id);
    const read = (value: string) => anonymous.get(`/auth/setup-link?token=${encodeURIComponent(value)}`);

    const valid = await read(token);
    expect({ status: valid.status, body: valid.body }).toEqual({ status: 200, body: { state: "valid", email } });
    expect(valid.headers.get("cache-control")).toBe("no-store");
    // Reading the link does not use it.
    expect((await read(token)).body.state).toBe("valid");
    expect((await anonymous.post("/auth/password", { token, password: "a long enough password" })).status).toBe(200);
    expect((await read(token)).body).toEqual({ state: "used", email });

    const expired = await createSetupToken(server.ctx, user.id, -1_000);
    expect((await read(expired)).body).toEqual({ state: "expired", email: null });

    const unknown = await read("made-up-token");
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("INVALID_SETUP_LINK");
  });
});
