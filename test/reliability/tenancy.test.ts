import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, streamedBodyRoutes } from "../../src/http/app.js";
import type { RouteDefinition } from "../../src/http/route.js";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { publishBot } from "./fixtures.js";

/**
 * Every management route of the route table, called with another user's token on the first user's
 * resources: 404 and nothing of theirs in the answer. A revoked token gets 401 everywhere.
 */
let server: TestServer;
let owner: Awaited<ReturnType<TestServer["createUser"]>>;
let stranger: Awaited<ReturnType<TestServer["createUser"]>>;
let revokedToken: string;
const ids: Record<string, string> = {};
const secrets: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser("owner@tenancy.example");
  stranger = await server.createUser("stranger@tenancy.example");
  revokedToken = (await server.createUser("revoked@tenancy.example")).token;
  const tokenId = (await server.ctx.users.listTokens()).find((token) => token.email === "revoked@tenancy.example")!.id;
  expect(await server.ctx.users.revokeToken(tokenId)).toBe(true);

  const api = createClient(server.baseUrl, owner.token);
  const bot = { ...greetingBot(), name: "Owner's secret bot" };
  const { botId, publicId } = await publishBot(api, owner.workspaceId, bot);
  const chat = createClient(server.baseUrl);
  const start = await chat.post(`/v1/bots/${publicId}/startChat`, {});
  await chat.post(`/v1/sessions/${start.body.sessionId}/continueChat`, { message: "Owner's secret answer" });
  const credentials = await api.post(`/v1/workspaces/${owner.workspaceId}/credentials`, {
    type: "openai",
    name: "Owner's key",
    data: { apiKey: "sk-owner-secret" },
  });
  const webhook = await api.post(`/v1/bots/${botId}/webhooks`, {
    url: "https://hooks.example.com/owner-secret",
    events: ["result.answer"],
  });
  const knowledgeBase = await api.post(`/v1/workspaces/${owner.workspaceId}/knowledgeBases`, {
    name: "Owner's secret base",
  });
  const ownerTokenId = (await server.ctx.users.listTokens()).find(
    (token) => token.email === "owner@tenancy.example",
  )!.id;
  Object.assign(ids, {
    tokenId: ownerTokenId,
    workspaceId: owner.workspaceId,
    botId,
    publicId,
    resultId: start.body.resultId,
    sessionId: start.body.sessionId,
    credentialsId: credentials.body?.credentials?.id ?? credentials.body?.id ?? "no-credentials",
    webhookId: webhook.body.webhook.id,
    knowledgeBaseId: knowledgeBase.body.knowledgeBase.id,
  });
  secrets.push(
    "Owner's secret base",
    ownerTokenId,
    owner.token,
    owner.workspaceId,
    botId,
    start.body.resultId,
    "Owner's secret bot",
    "Owner's secret answer",
    "sk-owner-secret",
    "Owner's key",
    "hooks.example.com/owner-secret",
    webhook.body.webhook.secret,
  );
});
afterAll(() => server.close());

/** Valid bodies, so that the answer is about who asks and not about what was sent. */
const bodies: Record<string, unknown> = {
  "POST /api/v1/workspaces": { name: "Stranger's own" },
  "PATCH /api/v1/workspaces/:workspaceId": { name: "Hijacked" },
  "POST /api/v1/bots/import": () => ({ workspaceId: ids.workspaceId, bot: greetingBot() }),
  "POST /api/v1/tokens": { name: "Stranger's token" },
  "POST /api/v1/bots": () => ({ workspaceId: ids.workspaceId, bot: greetingBot() }),
  "PATCH /api/v1/bots/:botId": { bot: { name: "Hijacked" } },
  "POST /api/v1/bots/:botId/preview/startChat": {},
  "POST /api/v1/workspaces/:workspaceId/credentials": {
    type: "openai",
    name: "Planted",
    data: { apiKey: "sk-planted" },
  },
  "PATCH /api/v1/workspaces/:workspaceId/credentials/:credentialsId": { name: "Hijacked" },
  "PUT /api/v1/bots/:botId/tests": { yaml: "conversations:\n  - name: planted\n    steps:\n      - user: hi\n" },
  "POST /api/v1/bots/:botId/tests/conversations": { conversation: { name: "planted", steps: [{ user: "hi" }] } },
  "POST /api/v1/workspaces/:workspaceId/members": { email: "planted@example.com", role: "ADMIN" },
  "PATCH /api/v1/workspaces/:workspaceId/members/:userId": { role: "ADMIN" },
  "POST /api/v1/workspaces/:workspaceId/folders": { name: "Planted" },
  "POST /api/v1/bots/:botId/webhooks": { url: "https://planted.example.com/hook", events: ["result.answer"] },
  "PATCH /api/v1/bots/:botId/webhooks/:webhookId": { url: "https://planted.example.com/hook" },
  "POST /api/v1/workspaces/:workspaceId/themeTemplates": { name: "Planted", theme: {} },
  "PUT /api/v1/bots/:botId/staging": { versionId: "draft" },
  "POST /api/v1/workspaces/:workspaceId/knowledgeBases": { name: "Planted" },
  "PATCH /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId": { name: "Hijacked" },
  "POST /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId/documents/urls": {
    urls: ["https://planted.example.com/page"],
  },
  "POST /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId/search": { query: "secret" },
  "POST /api/v1/workspaces/:workspaceId/inbox/:handoffId/messages": { text: "Planted" },
  "POST /api/v1/workspaces/:workspaceId/inbox/:handoffId/notes": { text: "Planted" },
  "POST /api/v1/workspaces/:workspaceId/inbox/:handoffId/variables": { variables: { Planted: "yes" } },
};
const queries: Record<string, string> = {
  "GET /api/v1/bots": "workspaceId=:workspaceId",
};
/** Routes that act on the caller's own account rather than on someone else's resources. */
const ownScope = new Set([
  "GET /api/v1/workspaces",
  "POST /api/v1/workspaces",
  "GET /api/v1/tokens",
  "POST /api/v1/tokens",
]);

// Sign-in routes (/api/auth/…) act on the caller's own account or on a link's token, not on a tenant's resources.
const managementRoutes = () =>
  [...apiRoutes(server.ctx), ...streamedBodyRoutes(server.ctx)].filter(
    (route) => route.auth !== "none" && route.url !== "/api/health" && !route.url.startsWith("/api/auth/"),
  );

function request(route: RouteDefinition<any, any, any>, token: string) {
  const key = `${route.method} ${route.url}`;
  const fill = (text: string) => text.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? `unknown-${name}`);
  const query = queries[key] ? `?${fill(queries[key])}` : "";
  const body = typeof bodies[key] === "function" ? (bodies[key] as () => unknown)() : bodies[key];
  return createClient("", token).request(
    route.method,
    `${server.url}${fill(route.url)}${query}`,
    route.method === "GET" || route.method === "DELETE" ? undefined : (body ?? {}),
  );
}

describe("tenancy", () => {
  it("covers every management route of the route table", () => {
    const routes = managementRoutes().map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThanOrEqual(20);
    // A route whose body schema refuses {} needs a valid body here, or it would answer 400 before any access check.
    for (const route of managementRoutes())
      if (route.body && !route.body.safeParse({}).success)
        expect(Object.keys(bodies), `a valid body for ${route.method} ${route.url}`).toContain(
          `${route.method} ${route.url}`,
        );
  });

  it("answers another user's token with 404 and none of the owner's data on every management route", async () => {
    const checked: string[] = [];
    for (const route of managementRoutes()) {
      const key = `${route.method} ${route.url}`;
      const response = await request(route, stranger.token);
      const text = JSON.stringify(response.body ?? "");
      for (const secret of secrets) expect(text, `${key} leaks ${secret}`).not.toContain(secret);
      if (ownScope.has(key)) expect(response.status, key).toBe(200);
      else
        expect({ route: key, status: response.status, code: response.body?.code }).toEqual({
          route: key,
          status: 404,
          code: "NOT_FOUND",
        });
      checked.push(key);
    }
    expect(checked.length).toBe(managementRoutes().length);

    // Nothing the stranger tried changed the owner's data.
    const api = createClient(server.baseUrl, owner.token);
    expect((await api.get(`/v1/bots/${ids.botId}`)).body.bot.name).toBe("Owner's secret bot");
    expect((await api.get(`/v1/workspaces/${ids.workspaceId}`)).body.workspace.name).toBe("Test workspace");
    expect((await api.get("/v1/workspaces")).status).toBe(200);
    const results = await api.get(`/v1/bots/${ids.botId}/results?timeFilter=allTime`);
    expect(results.body.results.map((result: { id: string }) => result.id)).toEqual([ids.resultId]);
    expect((await api.get(`/v1/bots?workspaceId=${ids.workspaceId}`)).body.bots).toHaveLength(1);
  });

  it("answers a revoked token with 401 on every route that takes a token", async () => {
    for (const route of managementRoutes()) {
      const response = await request(route, revokedToken);
      expect({ route: `${route.method} ${route.url}`, status: response.status, body: response.body }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
        body: { code: "UNAUTHORIZED", message: "Unknown or revoked API token" },
      });
    }
  });
});
