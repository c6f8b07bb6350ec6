import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { referenceExport } from "../builder/reference-export.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

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

const documentKeys = ["groups", "events", "edges", "variables", "theme", "settings"] as const;

describe("publish state after an edit undone (issue #37)", () => {
  it("an imported export saved back as the builder sends it has nothing to publish", async () => {
    const imported = await api.post("/v1/bots/import", { workspaceId, bot: referenceExport() });
    expect(imported.status).toBe(200);
    const botId = imported.body.bot.id as string;
    expect((await api.post(`/v1/bots/${botId}/publish`)).status).toBe(200);
    const state = async () => (await api.get(`/v1/bots/${botId}/publish-state`)).body.hasUnpublishedChanges;
    const listed = async () =>
      (
        (await api.get(`/v1/bots?workspaceId=${workspaceId}`)).body.bots as {
          id: string;
          hasUnpublishedChanges: boolean;
        }[]
      ).find((bot) => bot.id === botId)?.hasUnpublishedChanges;
    expect(await state()).toBe(false);

    // The builder holds the bot as the API gave it, adds a group, deletes it, and saves its whole document.
    const { bot } = (await api.get(`/v1/bots/${botId}`)).body;
    const added = { id: "g-new", title: "Group #9", graphCoordinates: { x: 500, y: 500 }, blocks: [] };
    const withGroup = { ...bot, groups: [...bot.groups, added] };
    expect((await api.patch(`/v1/bots/${botId}`, { bot: withGroup })).status).toBe(200);
    expect(await state()).toBe(true);
    const { bot: current } = (await api.get(`/v1/bots/${botId}`)).body;
    const saved = await api.patch(`/v1/bots/${botId}`, {
      bot: { ...Object.fromEntries(documentKeys.map((key) => [key, bot[key]])), updatedAt: current.updatedAt },
    });
    expect(saved.status).toBe(200);
    expect(await state()).toBe(false);
    expect(await listed()).toBe(false);
  });
});
