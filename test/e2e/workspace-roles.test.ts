import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, streamedBodyRoutes } from "../../src/http/app.js";
import type { RouteDefinition } from "../../src/http/route.js";
import { GUEST_READ_ONLY } from "../../src/services/auth/write-access.js";
import { fakeOpenAi } from "../helpers/ai-fakes.js";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { smtpServer } from "../helpers/smtp-sink.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

/** Routes about the caller's own account, not about a workspace: every member may use them. */
const accountRoutes = new Set([
  "GET /api/v1/workspaces",
  "POST /api/v1/workspaces",
  "GET /api/v1/tokens",
  "POST /api/v1/tokens",
  "DELETE /api/v1/tokens/:tokenId",
  "POST /api/auth/invitation",
]);
/** Writes whose path names no workspace or bot: the workspace they create in is the one their body names. */
const creationsByBody = new Set(["POST /api/v1/bots", "POST /api/v1/bots/import"]);

type Route = RouteDefinition<any, any, any>;
const keyOf = (route: Route) => `${route.method} ${route.url}`;
/**
 * Every route of the server's route table that reads or changes something of a workspace, the
 * reference's twins (/api/v1/typebots/…) included: new routes join on their own.
 */
const workspaceRoutes = (): Route[] =>
  [...apiRoutes(server.ctx), ...streamedBodyRoutes(server.ctx)].filter(
    (route) => route.auth !== "none" && !accountRoutes.has(keyOf(route)),
  );
const changesWorkspace = (route: Route) => (route.access ?? (route.method === "GET" ? "read" : "write")) === "write";
/** Writes to a workspace or bot that the path names: a body naming another workspace must change nothing. */
const pathTargetedWrites = () =>
  workspaceRoutes().filter((route) => changesWorkspace(route) && /:(workspaceId|botId)\b/.test(route.url));

let server: TestServer;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let openAi: Awaited<ReturnType<typeof fakeOpenAi>>;
let admin: Awaited<ReturnType<TestServer["createUser"]>>;
let adminApi: ReturnType<typeof createClient>;
const ids: Record<string, string> = {};

/**
 * A route's URL with the fixture's ids, and the query or body it needs to name its workspace. The
 * body names `bodyWorkspaceId`: the route's own workspace, or (the body-field trick) the caller's.
 */
function requestOf(route: Route, bodyWorkspaceId = ids.workspaceId) {
  const path = route.url.replace(/^\/api/, "").replace(/:(\w+)/g, (_match, param: string) => {
    if (!ids[param]) throw new Error(`route ${keyOf(route)}: no fixture id for :${param}`);
    return ids[param];
  });
  const query = keyOf(route) === "GET /api/v1/bots" ? `?workspaceId=${ids.workspaceId}` : "";
  // A search is a read with a body: it needs its question to get as far as the workspace.
  const question = route.url.endsWith("/search") ? { query: "refunds" } : {};
  const body =
    route.method === "GET" || route.method === "DELETE" ? undefined : { workspaceId: bodyWorkspaceId, ...question };
  return { method: route.method, path: path + query, body };
}

/** The status a GET of a server-sent events route answers with; the stream is closed at once. */
async function streamStatus(path: string, token: string): Promise<{ status: number; body: undefined }> {
  const controller = new AbortController();
  const response = await fetch(server.baseUrl + path, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  controller.abort();
  return { status: response.status, body: undefined };
}

/** A user made a member of the admin's workspace straight in the store: these tests are about roles, not invitations. */
async function joinAs(userId: string, role: "ADMIN" | "MEMBER" | "GUEST") {
  await server.ctx.workspaces.addMember(admin.workspaceId, userId, role);
}

async function emailOf(userId: string) {
  return (await server.ctx.users.findById(userId))!.email;
}

beforeAll(async () => {
  smtp = await smtpServer();
  openAi = await fakeOpenAi();
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SMTP_FROM: "Parley <parley@example.com>",
    PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1",
  });
  admin = await server.createUser();
  adminApi = createClient(server.baseUrl, admin.token);
  const bot = (await adminApi.post("/v1/bots", { workspaceId: admin.workspaceId, bot: greetingBot() })).body.bot;
  const { publicId, versionId } = (await adminApi.post(`/v1/bots/${bot.id}/publish`)).body;
  const visitor = createClient(server.baseUrl);
  const started = await visitor.post(`/v1/bots/${publicId}/startChat`, {});
  await visitor.post(`/v1/sessions/${started.body.sessionId}/continueChat`, { message: "Ada" });
  const credentials = await adminApi.post(`/v1/workspaces/${admin.workspaceId}/credentials`, {
    type: "openai",
    name: "Team key",
    data: { apiKey: "sk-fake-key", baseUrl: `${openAi.url}/v1` },
  });
  const folder = await adminApi.post(`/v1/workspaces/${admin.workspaceId}/folders`, { name: "Support" });
  const webhook = await adminApi.post(`/v1/bots/${bot.id}/webhooks`, {
    url: "https://hooks.example.com/roles",
    events: ["result.completed"],
  });
  const themeTemplate = await adminApi.post(`/v1/workspaces/${admin.workspaceId}/themeTemplates`, {
    name: "Brand",
    theme: {},
  });
  const knowledgeBase = await adminApi.post(`/v1/workspaces/${admin.workspaceId}/knowledgeBases`, { name: "Help" });
  const knowledgeBaseId = knowledgeBase.body.knowledgeBase.id;
  // A page nobody answers: the document exists (and fails), which is all the routes need.
  const documents = await adminApi.post(
    `/v1/workspaces/${admin.workspaceId}/knowledgeBases/${knowledgeBaseId}/documents/urls`,
    {
      urls: ["http://127.0.0.1:9/help"],
    },
  );
  const handOffBot = (
    await adminApi.post("/v1/bots", {
      workspaceId: admin.workspaceId,
      bot: {
        ...greetingBot(),
        groups: [
          {
            id: "g-hand-off",
            title: "Hand off",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [{ id: "hand-off", type: "hand off", options: {} }],
          },
        ],
        edges: [{ id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g-hand-off" } }],
      },
    })
  ).body.bot;
  const handOffPublicId = (await adminApi.post(`/v1/bots/${handOffBot.id}/publish`)).body.publicId;
  await visitor.post(`/v1/bots/${handOffPublicId}/startChat`, {});
  const inbox = await adminApi.get(`/v1/workspaces/${admin.workspaceId}/inbox`);
  Object.assign(ids, {
    knowledgeBaseId,
    documentId: documents.body.documents[0].id,
    handoffId: inbox.body.chats[0].id,
    folderId: folder.body.folder.id,
    // Routes are refused before the block is looked at (the wait-for-webhook calls).
    blockId: "any-block",
    themeTemplateId: themeTemplate.body.themeTemplate.id,
    workspaceId: admin.workspaceId,
    botId: bot.id,
    versionId,
    resultId: started.body.resultId,
    credentialsId: credentials.body.credentials?.id ?? credentials.body.id,
    webhookId: webhook.body.webhook.id,
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await openAi?.close();
});

describe("a guest of a workspace", () => {
  it("reads every management route (200) and is refused every write (403), the stored bot unchanged", async () => {
    const guest = await server.createUser();
    await joinAs(guest.userId, "GUEST");
    ids.userId = admin.userId;
    const before = (await adminApi.get(`/v1/bots/${ids.botId}`)).body.bot;
    const guestApi = createClient(server.baseUrl, guest.token);
    const answers: Record<string, { status: number; code?: string; message?: string }> = {};
    const expected: typeof answers = {};
    for (const route of workspaceRoutes()) {
      const { method, path, body } = requestOf(route);
      // An events stream that opens never ends by itself: its status is all the sweep reads.
      const response =
        route.responseContentType === "text/event-stream"
          ? await streamStatus(path, guest.token)
          : await guestApi.request(method, path, body);
      answers[keyOf(route)] = changesWorkspace(route)
        ? { status: response.status, code: response.body?.code, message: response.body?.message }
        : { status: response.status };
      expected[keyOf(route)] = changesWorkspace(route)
        ? { status: 403, code: "FORBIDDEN", message: GUEST_READ_ONLY }
        : { status: 200 };
    }
    expect(answers).toEqual(expected);
    expect(Object.values(expected).filter((answer) => answer.status === 403).length).toBeGreaterThan(10);
    expect((await adminApi.get(`/v1/bots/${ids.botId}`)).body.bot).toEqual(before);
    expect((await adminApi.get(`/v1/bots/${ids.botId}/results`)).body.results).toHaveLength(1);
  });

  it("is refused every write whose path names the workspace or its bot, with a body naming a workspace they administer", async () => {
    const guest = await server.createUser();
    await joinAs(guest.userId, "GUEST");
    ids.userId = admin.userId;
    const before = (await adminApi.get(`/v1/bots/${ids.botId}`)).body.bot;
    const webhooksBefore = (await adminApi.get(`/v1/bots/${ids.botId}/webhooks`)).body.webhooks;
    const guestApi = createClient(server.baseUrl, guest.token);
    const answers: Record<string, { status: number; code?: string; message?: string }> = {};
    for (const route of pathTargetedWrites()) {
      // The guest is admin of a workspace of their own: the body names it, the path names the other one.
      const { method, path, body } = requestOf(route, guest.workspaceId);
      const response = await guestApi.request(method, path, body);
      answers[keyOf(route)] = { status: response.status, code: response.body?.code, message: response.body?.message };
    }
    const refused = { status: 403, code: "FORBIDDEN", message: GUEST_READ_ONLY };
    expect(answers).toEqual(Object.fromEntries(pathTargetedWrites().map((route) => [keyOf(route), refused])));
    // The routes the audit used are among them.
    expect(Object.keys(answers)).toEqual(
      expect.arrayContaining([
        "POST /api/v1/bots/:botId/blocks/:blockId/results/:resultId/executeWebhook",
        "POST /api/v1/typebots/:botId/blocks/:blockId/results/:resultId/executeWebhook",
        "POST /api/v1/bots/:botId/webhooks/:webhookId/test",
        "DELETE /api/v1/bots/:botId/webhooks/:webhookId",
      ]),
    );
    expect((await adminApi.get(`/v1/bots/${ids.botId}`)).body.bot).toEqual(before);
    expect((await adminApi.get(`/v1/bots/${ids.botId}/webhooks`)).body.webhooks).toEqual(webhooksBefore);
    const deliveries = await adminApi.get(`/v1/bots/${ids.botId}/webhooks/${ids.webhookId}/deliveries`);
    expect(deliveries.body.deliveries).toEqual([]);
  });

  it('is told by operation 3 that they are a guest: currentUserMode "guest"', async () => {
    const guest = await server.createUser();
    await joinAs(guest.userId, "GUEST");
    const { status, body } = await createClient(server.baseUrl, guest.token).get(`/v1/bots/${ids.botId}`);
    expect(status).toBe(200);
    expect(body.currentUserMode).toBe("guest");
  });
});

describe("the route table", () => {
  it("names the workspace or bot of every write in its path, but for creations and the caller's own account", () => {
    const writes = [...apiRoutes(server.ctx), ...streamedBodyRoutes(server.ctx)].filter(
      (route) => route.auth !== "none" && changesWorkspace(route),
    );
    const unnamed = writes
      .filter((route) => !/:(workspaceId|botId)\b/.test(route.url))
      .map(keyOf)
      .filter((key) => !accountRoutes.has(key));
    // A new write whose path names neither is judged by its body: it must be a creation, on this list.
    expect(unnamed.sort()).toEqual([...creationsByBody].sort());
    expect(pathTargetedWrites().length).toBeGreaterThanOrEqual(30);
  });
});

describe("someone of another workspace", () => {
  it("gets 404 on every route of this workspace, reads and writes, whether the body names this workspace or theirs", async () => {
    const strangerUser = await server.createUser();
    const stranger = createClient(server.baseUrl, strangerUser.token);
    ids.userId = admin.userId;
    const answers: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const route of workspaceRoutes()) {
      const { method, path, body } = requestOf(route);
      answers[keyOf(route)] = (await stranger.request(method, path, body)).status;
      expected[keyOf(route)] = 404;
    }
    for (const route of pathTargetedWrites()) {
      const { method, path, body } = requestOf(route, strangerUser.workspaceId);
      answers[`${keyOf(route)} (their workspace in the body)`] = (await stranger.request(method, path, body)).status;
      expected[`${keyOf(route)} (their workspace in the body)`] = 404;
    }
    expect(answers).toEqual(expected);
  });
});

describe("members", () => {
  it("lets a member edit bots but not manage members (ADMIN_ONLY)", async () => {
    const member = await server.createUser();
    await joinAs(member.userId, "MEMBER");
    const memberApi = createClient(server.baseUrl, member.token);
    const renamed = await memberApi.patch(`/v1/bots/${ids.botId}`, { bot: { name: "Renamed by a member" } });
    expect(renamed.status).toBe(200);
    const refused = await memberApi.post(`/v1/workspaces/${admin.workspaceId}/members`, {
      email: "someone@example.com",
      role: "ADMIN",
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "ADMIN_ONLY", message: "Only the workspace's admins can manage its members" });
  });

  it("lets a member list and use credentials but leaves adding, renaming and deleting them to admins", async () => {
    const member = await server.createUser();
    await joinAs(member.userId, "MEMBER");
    const memberApi = createClient(server.baseUrl, member.token);
    const base = `/v1/workspaces/${admin.workspaceId}/credentials`;
    const created = await adminApi.post(base, {
      type: "openai",
      name: "Shared by the admin",
      data: { apiKey: "sk-team" },
    });
    expect(created.status).toBe(200);
    const credentialsId = created.body.credentials.id;
    const listed = await memberApi.get(base);
    expect(listed.body.credentials.map((entry: { name: string }) => entry.name)).toContain("Shared by the admin");
    const adminOnly = { code: "ADMIN_ONLY", message: "Only the workspace's admins can manage its credentials" };
    const attempts = [
      await memberApi.post(base, { type: "openai", name: "Mine", data: { apiKey: "sk-mine" } }),
      await memberApi.patch(`${base}/${credentialsId}`, { name: "Renamed" }),
      await memberApi.delete(`${base}/${credentialsId}`),
    ];
    expect(attempts.map((attempt) => [attempt.status, attempt.body])).toEqual([
      [403, adminOnly],
      [403, adminOnly],
      [403, adminOnly],
    ]);
    const after = await adminApi.get(base);
    expect(
      after.body.credentials.filter((entry: { name: string }) => entry.name === "Shared by the admin"),
    ).toHaveLength(1);
    expect(after.body.credentials.some((entry: { name: string }) => entry.name === "Mine")).toBe(false);
  });

  it("keeps the last admin: demoting or removing them answers 409 until another admin exists", async () => {
    const owner = await server.createUser();
    const ownerApi = createClient(server.baseUrl, owner.token);
    const members = `/v1/workspaces/${owner.workspaceId}/members`;
    const demoted = await ownerApi.patch(`${members}/${owner.userId}`, { role: "MEMBER" });
    expect(demoted.status).toBe(409);
    expect(demoted.body).toEqual({
      code: "LAST_ADMIN",
      message: "This is the workspace's last admin: make another member admin first",
    });
    expect((await ownerApi.delete(`${members}/${owner.userId}`)).status).toBe(409);

    const colleague = await server.createUser();
    await server.ctx.workspaces.addMember(owner.workspaceId, colleague.userId, "ADMIN");
    const stepDown = await ownerApi.patch(`${members}/${owner.userId}`, { role: "MEMBER" });
    expect(stepDown.body).toEqual({
      member: { userId: owner.userId, email: await emailOf(owner.userId), role: "MEMBER" },
    });
    const colleagueApi = createClient(server.baseUrl, colleague.token);
    expect((await colleagueApi.delete(`${members}/${owner.userId}`)).body).toEqual({ message: "success" });
    expect((await colleagueApi.get(members)).body).toEqual({
      members: [{ userId: colleague.userId, email: await emailOf(colleague.userId), role: "ADMIN" }],
      invitations: [],
    });
    expect((await ownerApi.get(members)).status).toBe(404);
  });

  it("answers 404 for a user who is neither a member nor invited, and 400 for a bad role or address", async () => {
    const members = `/v1/workspaces/${admin.workspaceId}/members`;
    expect((await adminApi.patch(`${members}/nosuchuser0000000000000`, { role: "GUEST" })).body).toEqual({
      code: "NOT_FOUND",
      message: "Member not found",
    });
    const badRole = await adminApi.post(members, { email: "ann@example.com", role: "OWNER" });
    expect(badRole.status).toBe(400);
    expect(badRole.body.issues[0].path).toBe("role");
    const badEmail = await adminApi.post(members, { email: "not an address", role: "MEMBER" });
    expect(badEmail.body.issues).toEqual([{ path: "email", message: "Enter an e-mail address" }]);
  });
});
