import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { createClient } from "../helpers/http-client.js";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("API tokens", () => {
  it("answers 401 without a token, with a malformed header and with an unknown token", async () => {
    const anonymous = createClient(server.baseUrl);
    const none = await anonymous.get("/v1/workspaces");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: "UNAUTHORIZED", message: "Missing or invalid API token" });

    const malformed = await anonymous.get("/v1/workspaces", { authorization: "Basic abc" });
    expect(malformed.status).toBe(401);
    expect(malformed.body.code).toBe("UNAUTHORIZED");

    const unknown = await createClient(server.baseUrl, "pat_unknown").get("/v1/workspaces");
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ code: "UNAUTHORIZED", message: "Unknown or revoked API token" });
  });

  it("stores only a SHA-256 hash of each token", async () => {
    const { token } = await server.createUser();
    const rows = await server.ctx.store.db.selectFrom("apiTokens").select("tokenHash").execute();
    expect(rows.every((row) => row.tokenHash !== token && /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(43);
  });

  it("refuses a revoked token", async () => {
    const user = await server.createUser();
    const api = createClient(server.baseUrl, user.token);
    expect((await api.get("/v1/workspaces")).status).toBe(200);
    const [row] = await server.ctx.store.db
      .selectFrom("apiTokens")
      .select("id")
      .where("userId", "=", user.userId)
      .execute();
    await server.ctx.users.revokeToken(row.id);
    const after = await api.get("/v1/workspaces");
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("Unknown or revoked API token");
  });
});

describe("tenancy", () => {
  it("gives another user's token 404 and no data on every workspace and bot route", async () => {
    const owner = await server.createUser();
    const intruder = await server.createUser();
    const ownerApi = createClient(server.baseUrl, owner.token);
    const intruderApi = createClient(server.baseUrl, intruder.token);
    const { body } = await ownerApi.post("/v1/bots", { workspaceId: owner.workspaceId, bot: { name: "Secret" } });
    const botId = body.bot.id;
    await ownerApi.post(`/v1/bots/${botId}/publish`);

    const attempts = [
      intruderApi.get(`/v1/workspaces/${owner.workspaceId}`),
      intruderApi.get(`/v1/bots?workspaceId=${owner.workspaceId}`),
      intruderApi.post("/v1/bots", { workspaceId: owner.workspaceId, bot: { name: "x" } }),
      intruderApi.get(`/v1/bots/${botId}`),
      intruderApi.patch(`/v1/bots/${botId}`, { bot: { name: "hacked" } }),
      intruderApi.get(`/v1/bots/${botId}/publishedBot`),
      intruderApi.post(`/v1/bots/${botId}/publish`),
      intruderApi.post(`/v1/bots/${botId}/unpublish`),
      intruderApi.delete(`/v1/bots/${botId}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain("Secret");
    }
    const list = await intruderApi.get("/v1/workspaces");
    expect(list.body.workspaces.map((w: { id: string }) => w.id)).not.toContain(owner.workspaceId);
    expect((await ownerApi.get(`/v1/bots/${botId}`)).body.bot.name).toBe("Secret");
  });
});
