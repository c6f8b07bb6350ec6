import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

let server: TestServer;
let api: ReturnType<typeof createClient>;
let workspaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await server.createUser();
  api = createClient(server.baseUrl, user.token);
  workspaceId = user.workspaceId;
});
afterAll(() => server.close());

const folders = () => `/v1/workspaces/${workspaceId}/folders`;
const createFolder = async (name: string, parentFolderId?: string) =>
  (await api.post(folders(), { name, parentFolderId })).body.folder;
const createBot = async (name: string, folderId?: string) =>
  (await api.post("/v1/bots", { workspaceId, bot: { ...greetingBot(), name, folderId } })).body.bot;
const botsIn = async (folderId?: string) =>
  (await api.get(`/v1/bots?workspaceId=${workspaceId}${folderId ? `&folderId=${folderId}` : ""}`)).body.bots.map(
    (bot: { name: string }) => bot.name,
  );

describe("folders", () => {
  it("creates folders inside folders and lists them by name with their parent", async () => {
    const clients = await createFolder("Clients");
    const acme = await createFolder("Acme", clients.id);
    expect(acme).toMatchObject({ name: "Acme", parentFolderId: clients.id, workspaceId });
    const { status, body } = await api.get(folders());
    expect(status).toBe(200);
    expect(
      body.folders.map((folder: { name: string; parentFolderId: string | null }) => [
        folder.name,
        folder.parentFolderId,
      ]),
    ).toEqual([
      ["Acme", clients.id],
      ["Clients", null],
    ]);
  });

  it("puts a bot in a folder with operation 4, and lists a folder's bots", async () => {
    const sales = await createFolder("Sales");
    const bot = await createBot("Lead capture");
    const moved = await api.patch(`/v1/bots/${bot.id}`, { bot: { folderId: sales.id } });
    expect(moved.body.bot.folderId).toBe(sales.id);
    expect(await botsIn(sales.id)).toEqual(["Lead capture"]);
  });

  it("answers 400 on folderId for an unknown folder or another workspace's, and stores nothing", async () => {
    const bot = await createBot("Stays put");
    const other = await server.createUser();
    const foreign = (
      await createClient(server.baseUrl, other.token).post(`/v1/workspaces/${other.workspaceId}/folders`, {
        name: "Theirs",
      })
    ).body.folder;
    for (const folderId of ["nosuchfolder000000000000", foreign.id]) {
      const refused = await api.patch(`/v1/bots/${bot.id}`, { bot: { folderId } });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        code: "BAD_REQUEST",
        message: "Unknown folder",
        issues: [{ path: "bot.folderId", message: "No folder with this id in the workspace" }],
      });
      const created = await api.post("/v1/bots", { workspaceId, bot: { name: "Nowhere", folderId } });
      expect(created.status).toBe(400);
    }
    expect((await api.get(`/v1/bots/${bot.id}`)).body.bot.folderId).toBeNull();
    expect(await botsIn()).not.toContain("Nowhere");
    expect((await api.post(folders(), { name: "Child", parentFolderId: foreign.id })).status).toBe(400);
  });

  it("renames and moves a folder, but not into itself or one of its sub-folders", async () => {
    const top = await createFolder("Top");
    const middle = await createFolder("Middle", top.id);
    const renamed = await api.patch(`${folders()}/${middle.id}`, { name: "Centre", parentFolderId: null });
    expect(renamed.body.folder).toMatchObject({ name: "Centre", parentFolderId: null });
    await api.patch(`${folders()}/${middle.id}`, { parentFolderId: top.id });
    const loop = await api.patch(`${folders()}/${top.id}`, { parentFolderId: middle.id });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toBe("A folder cannot move into itself or one of its sub-folders");
    expect((await api.patch(`${folders()}/${top.id}`, { parentFolderId: top.id })).status).toBe(400);
  });

  it("deletes a folder: its bots and sub-folders move to its parent", async () => {
    const parent = await createFolder("Parent");
    const doomed = await createFolder("Doomed", parent.id);
    const child = await createFolder("Child of doomed", doomed.id);
    await createBot("Inside doomed", doomed.id);
    expect((await api.delete(`${folders()}/${doomed.id}`)).body).toEqual({ message: "success" });
    expect(await botsIn(parent.id)).toEqual(["Inside doomed"]);
    const listed = (await api.get(folders())).body.folders;
    expect(listed.find((folder: { id: string }) => folder.id === child.id).parentFolderId).toBe(parent.id);
    expect(listed.some((folder: { id: string }) => folder.id === doomed.id)).toBe(false);
    expect((await api.delete(`${folders()}/${doomed.id}`)).status).toBe(404);
  });

  it("keeps other workspaces out: 404", async () => {
    const folder = await createFolder("Private");
    const stranger = createClient(server.baseUrl, (await server.createUser()).token);
    expect((await stranger.get(folders())).status).toBe(404);
    expect((await stranger.patch(`${folders()}/${folder.id}`, { name: "Mine" })).status).toBe(404);
    expect((await stranger.delete(`${folders()}/${folder.id}`)).status).toBe(404);
  });
});
