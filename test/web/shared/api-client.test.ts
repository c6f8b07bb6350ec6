import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, chatPaths, createApiClient } from "../../../web/shared/api-client.js";
import { apiPaths } from "../../../src/schemas/api-paths.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let user: { token: string; workspaceId: string };

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser();
});
afterAll(() => server.close());

const client = (token?: string, onError?: (error: ApiError) => void) =>
  createApiClient({
    baseUrl: server.url,
    paths: apiPaths,
    headers: (): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {}),
    onError,
  });

describe("the shared API client, against a real server", () => {
  it("calls routes by name, filling in path parameters, query and body, and answers the route's response", async () => {
    const api = client(user.token);
    expect(await api.call("health")).toEqual({ status: "ok" });
    const { bot } = await api.call("createBot", { body: { workspaceId: user.workspaceId, bot: { name: "Support" } } });
    expect(bot.name).toBe("Support");
    const { bots } = await api.call("listBots", { query: { workspaceId: user.workspaceId } });
    expect(bots.map((entry) => entry.name)).toEqual(["Support"]);
    const renamed = await api.call("updateBot", { params: { botId: bot.id }, body: { bot: { name: "Help desk" } } });
    expect(renamed.bot.name).toBe("Help desk");
    expect(await api.call("deleteBot", { params: { botId: bot.id } })).toEqual({ message: "success" });
  });

  it("builds addresses with encoded parameters and without unset query fields", () => {
    const api = client();
    expect(
      api.url("exportResults", { params: { botId: "a/b" }, query: { timeFilter: "today", timeZone: undefined } }),
    ).toBe(`${server.url}/api/v1/bots/a%2Fb/results/export?timeFilter=today`);
  });

  it("rejects with one ApiError carrying the server's status, code, message and issues, and tells onError", async () => {
    const seen: ApiError[] = [];
    const api = client(user.token, (error) => seen.push(error));
    const failure = await api.call("createWorkspace", { body: { name: "" } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: "BAD_REQUEST",
      message: "Invalid body: name: Name must not be empty",
      issues: [{ path: "name", message: "Name must not be empty" }],
    });
    const anonymous = await client()
      .call("listWorkspaces", {}, { quiet: true })
      .catch((error: unknown) => error);
    expect(anonymous).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect(seen).toEqual([failure]);
  });

  it("reports a server it cannot reach as status 0 with the client's own message", async () => {
    const api = createApiClient({ baseUrl: "http://127.0.0.1:1", paths: chatPaths, unreachableMessage: "unreachable" });
    const failure = await api
      .call("continueChat", { params: { sessionId: "s" }, body: {} })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 0, message: "unreachable", code: "" });
  });
});
