import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { themeSchema } from "../../src/schemas/theme.js";
import { builtInThemeTemplates } from "../../src/schemas/theme-templates-builtin.js";
import { GUEST_READ_ONLY } from "../../src/services/auth/write-access.js";
import { createClient } from "../helpers/http-client.js";
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

const templates = () => `/v1/workspaces/${owner.workspaceId}/themeTemplates`;
const dark = { chat: { hostBubbles: { backgroundColor: "#112233", color: "#FFFFFF" } }, customCss: ".x{}" };

describe("theme templates of a workspace", () => {
  it("saves a theme as a template, lists it with its theme, and deletes it", async () => {
    const created = await api.post(templates(), { name: "  Night  ", theme: dark });
    expect(created.status).toBe(200);
    expect(created.body.themeTemplate).toMatchObject({ name: "Night", theme: dark, workspaceId: owner.workspaceId });
    const second = await api.post(templates(), { name: "Empty", theme: {} });

    const listed = await api.get(templates());
    expect(listed.status).toBe(200);
    expect(listed.body.themeTemplates.map((entry: { name: string }) => entry.name)).toEqual(["Night", "Empty"]);
    expect(listed.body.themeTemplates[0].theme).toEqual(dark);

    const deleted = await api.delete(`${templates()}/${created.body.themeTemplate.id}`);
    expect(deleted.body).toEqual({ message: "Theme template deleted" });
    expect((await api.get(templates())).body.themeTemplates.map((entry: { id: string }) => entry.id)).toEqual([
      second.body.themeTemplate.id,
    ]);
    const again = await api.delete(`${templates()}/${created.body.themeTemplate.id}`);
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 404, code: "NOT_FOUND" });
  });

  it("refuses an empty name and a theme the schema does not accept with 400 and the field", async () => {
    const noName = await api.post(templates(), { name: "  ", theme: {} });
    expect(noName.status).toBe(400);
    expect(noName.body.issues).toEqual([expect.objectContaining({ path: "name", message: "Name must not be empty" })]);
    const badTheme = await api.post(templates(), { name: "Odd", theme: { chat: { buttons: { opacity: 3 } } } });
    expect(badTheme.status).toBe(400);
    expect(badTheme.body.issues[0].path).toBe("theme.chat.buttons.opacity");
  });

  it("keeps templates to their workspace: a stranger gets 404, a guest reads but cannot save (403)", async () => {
    const saved = (await api.post(templates(), { name: "Private", theme: dark })).body.themeTemplate;
    const stranger = createClient(server.baseUrl, (await server.createUser()).token);
    for (const answer of [
      await stranger.get(templates()),
      await stranger.post(templates(), { name: "Planted", theme: {} }),
      await stranger.delete(`${templates()}/${saved.id}`),
    ])
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 404, code: "NOT_FOUND" });

    const guest = await server.createUser();
    await server.ctx.workspaces.addMember(owner.workspaceId, guest.userId, "GUEST");
    const guestApi = createClient(server.baseUrl, guest.token);
    expect((await guestApi.get(templates())).body.themeTemplates.map((entry: { id: string }) => entry.id)).toContain(
      saved.id,
    );
    const refused = await guestApi.delete(`${templates()}/${saved.id}`);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { code: "FORBIDDEN", message: GUEST_READ_ONLY },
    });
    expect((await api.get(templates())).body.themeTemplates.map((entry: { id: string }) => entry.id)).toContain(
      saved.id,
    );
  });

  it("sets a bot's selectedThemeTemplateId with its theme (operation 4)", async () => {
    const playful = builtInThemeTemplates.find((template) => template.name === "Playful")!;
    const bot = (await api.post("/v1/bots", { workspaceId: owner.workspaceId, bot: { name: "Themed" } })).body.bot;
    const patched = await api.patch(`/v1/bots/${bot.id}`, {
      bot: { selectedThemeTemplateId: playful.id, theme: playful.theme },
    });
    expect(patched.status).toBe(200);
    const stored = (await api.get(`/v1/bots/${bot.id}`)).body.bot;
    expect({ id: stored.selectedThemeTemplateId, theme: stored.theme }).toEqual({
      id: playful.id,
      theme: playful.theme,
    });
  });

  it("offers at least four built-in templates, each a valid theme with its own id and name", () => {
    expect(builtInThemeTemplates.length).toBeGreaterThanOrEqual(4);
    expect(new Set(builtInThemeTemplates.map((template) => template.id)).size).toBe(builtInThemeTemplates.length);
    for (const template of builtInThemeTemplates) expect(themeSchema.parse(template.theme)).toEqual(template.theme);
  });
});
