import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

let server: TestServer;
let owner: Awaited<ReturnType<TestServer["createUser"]>>;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser();
  api = createClient(server.baseUrl, owner.token);
});
afterAll(async () => {
  await server?.close();
});

const richText = (text: string) => [{ type: "p", children: [{ text }] }];

/** The greeting bot whose first bubble says `greeting`. */
function botSaying(greeting: string) {
  const bot = greetingBot();
  (bot.groups[0]!.blocks[0] as { content: unknown }).content = { richText: richText(greeting) };
  return bot;
}

async function createBot() {
  const created = await api.post("/v1/bots", { workspaceId: owner.workspaceId, bot: botSaying("Hello v1") });
  expect(created.status).toBe(200);
  return created.body.bot.id as string;
}

async function edit(botId: string, bot: Record<string, unknown>) {
  const { groups, edges, variables, theme, settings } = bot;
  const answer = await api.patch(`/v1/bots/${botId}`, { bot: { groups, edges, variables, theme, settings } });
  expect(answer.status).toBe(200);
}

async function publish(botId: string, note?: string) {
  const answer = await api.post(`/v1/bots/${botId}/publish`, note === undefined ? undefined : { note });
  expect(answer.status).toBe(200);
  return answer.body as { publicId: string; versionId: string; versionNumber: number };
}

/** The first bubble's text a new visitor sees, and the session to go on with. */
async function startChat(publicId: string) {
  const started = await createClient(server.baseUrl).post(`/v1/bots/${publicId}/startChat`, {});
  expect(started.status).toBe(200);
  const first = started.body.messages[0].content.richText[0].children[0].text as string;
  return { sessionId: started.body.sessionId as string, resultId: started.body.resultId as string, first };
}

/** Three publishes: "Hello v1"; "Hello v2" with a new group and variable; "Hello v3" in a new font. */
async function publishThreeTimes() {
  const botId = await createBot();
  const v1 = await publish(botId, "First one");
  const second = botSaying("Hello v2");
  second.groups.push({
    id: "g-more",
    title: "More",
    graphCoordinates: { x: 400, y: 0 },
    blocks: [{ id: "b-more", type: "text", content: { richText: richText("More") } }],
  });
  second.variables.push({ id: "v-city", name: "City" });
  await edit(botId, second);
  const v2 = await publish(botId);
  const third = { ...second, groups: structuredClone(second.groups), theme: { general: { font: "Lato" } } };
  (third.groups[0]!.blocks[0] as { content: unknown }).content = { richText: richText("Hello v3") };
  await edit(botId, third);
  const v3 = await publish(botId, "New font");
  return { botId, v1, v2, v3 };
}

describe("versions", () => {
  it("keeps every publish, numbered, newest first, with its publisher, note and findings", async () => {
    const { botId, v1, v2, v3 } = await publishThreeTimes();
    expect([v1.versionNumber, v2.versionNumber, v3.versionNumber]).toEqual([1, 2, 3]);
    const listed = await api.get(`/v1/bots/${botId}/versions`);
    expect(listed.status).toBe(200);
    expect(
      listed.body.versions.map((v: { number: number; note: string | null; isPublished: boolean }) => [
        v.number,
        v.note,
        v.isPublished,
      ]),
    ).toEqual([
      [3, "New font", true],
      [2, null, false],
      [1, "First one", false],
    ]);
    expect(listed.body.versions[0].publishedBy).toBe(owner.userId);
    expect(listed.body.nextCursor).toBeNull();
    // v2's group "More" is reached by no edge: the publish check said so, and the version keeps it.
    const second = listed.body.versions[1];
    expect(second.findings.map((finding: { groupId?: string }) => finding.groupId)).toContain("g-more");

    const firstPage = await api.get(`/v1/bots/${botId}/versions?limit=2`);
    expect(firstPage.body.versions.map((v: { number: number }) => v.number)).toEqual([3, 2]);
    const nextPage = await api.get(`/v1/bots/${botId}/versions?limit=2&cursor=${firstPage.body.nextCursor}`);
    expect(nextPage.body.versions.map((v: { number: number }) => v.number)).toEqual([1]);
    expect(nextPage.body.nextCursor).toBeNull();

    const one = await api.get(`/v1/bots/${botId}/versions/${v1.versionId}`);
    expect(one.status).toBe(200);
    expect(one.body.version.number).toBe(1);
    expect(one.body.publishedBot.groups[0].blocks[0].content.richText[0].children[0].text).toBe("Hello v1");
  });

  it("answers 400 on a bad page size or cursor, and 404 on a version of another bot", async () => {
    const { botId } = await publishThreeTimes();
    const other = await createBot();
    const otherVersion = await publish(other);
    expect((await api.get(`/v1/bots/${botId}/versions?limit=0`)).body).toMatchObject({
      code: "BAD_REQUEST",
      issues: [{ path: "query.limit", message: "limit must be between 1 and 100" }],
    });
    expect((await api.get(`/v1/bots/${botId}/versions?cursor=abc`)).status).toBe(400);
    const foreign = await api.get(`/v1/bots/${botId}/versions/${otherVersion.versionId}`);
    expect([foreign.status, foreign.body]).toEqual([404, { code: "NOT_FOUND", message: "Version not found" }]);
    expect((await api.get(`/v1/bots/${botId}/versions/${otherVersion.versionId}/diff`)).status).toBe(404);
    const restore = await api.post(`/v1/bots/${botId}/versions/${otherVersion.versionId}/restore`, {});
    expect(restore.status).toBe(404);
    const badTarget = await api.post(`/v1/bots/${botId}/versions/${otherVersion.versionId}/restore`, { to: "x" });
    expect(badTarget.status).toBe(400);
    const longNote = await api.post(`/v1/bots/${botId}/publish`, { note: "n".repeat(501) });
    expect([longNote.status, longNote.body.issues]).toEqual([
      400,
      [{ path: "note", message: "note must be at most 500 characters" }],
    ]);
  });

  it("diffs two versions, and a version against the draft", async () => {
    const { botId, v1, v3 } = await publishThreeTimes();
    const diff = await api.get(`/v1/bots/${botId}/versions/${v1.versionId}/diff?to=${v3.versionId}`);
    expect(diff.status).toBe(200);
    expect(diff.body).toEqual({
      from: { versionId: v1.versionId, number: 1 },
      to: { versionId: v3.versionId, number: 3 },
      hasChanges: true,
      groups: { added: [{ id: "g-more", label: "More" }], removed: [], changed: [] },
      blocks: {
        added: [{ id: "b-more", label: "text in More" }],
        removed: [],
        changed: [{ id: "b-hello", label: "text in Hello", fields: ["content.richText"] }],
      },
      edges: { added: [], removed: [], changed: [] },
      variables: { added: [{ id: "v-city", label: "City" }], removed: [], changed: [] },
      settings: { changed: [] },
      theme: { changed: ["general.font"] },
    });
    const back = await api.get(`/v1/bots/${botId}/versions/${v3.versionId}/diff?to=${v1.versionId}`);
    expect(back.body.groups).toEqual({ added: [], removed: [{ id: "g-more", label: "More" }], changed: [] });

    // The draft equals version 3 until edited; then the diff names the renamed group.
    const unchanged = await api.get(`/v1/bots/${botId}/versions/${v3.versionId}/diff?to=draft`);
    expect([unchanged.body.to, unchanged.body.hasChanges]).toEqual([{ versionId: "draft", number: null }, false]);
    const draft = (await api.get(`/v1/bots/${botId}`)).body.bot;
    draft.groups[0].title = "Welcome";
    await edit(botId, draft);
    const renamed = await api.get(`/v1/bots/${botId}/versions/${v3.versionId}/diff`);
    expect(renamed.body.groups.changed).toEqual([{ id: "g-hello", label: "Welcome", fields: ["title"] }]);
  });

  it("restores the first version as a new one: a chat started before finishes on its version, a new one gets the restored", async () => {
    const { botId, v1, v3 } = await publishThreeTimes();
    const before = await startChat(v3.publicId);
    expect(before.first).toBe("Hello v3");

    const restored = await api.post(`/v1/bots/${botId}/versions/${v1.versionId}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.restoredTo).toBe("published");
    expect(restored.body.version).toMatchObject({ number: 4, note: "Restored from version 1", isPublished: true });
    const numbers = (await api.get(`/v1/bots/${botId}/versions`)).body.versions.map(
      (v: { number: number }) => v.number,
    );
    expect(numbers).toEqual([4, 3, 2, 1]);
    const sameAsFirst = await api.get(`/v1/bots/${botId}/versions/${v1.versionId}/diff?to=${restored.body.version.id}`);
    expect(sameAsFirst.body.hasChanges).toBe(false);

    const after = await startChat(v3.publicId);
    expect(after.first).toBe("Hello v1");
    // The chat started before the restore goes on with version 3's flow.
    const reply = await createClient(server.baseUrl).post(`/v1/sessions/${before.sessionId}/continueChat`, {
      message: "Ada",
    });
    expect(reply.status).toBe(200);
    expect(reply.body.messages[0].content.richText[0].children[0].text).toBe("Nice to meet you, Ada.");
    // A result is listed once the visitor answered.
    await createClient(server.baseUrl).post(`/v1/sessions/${after.sessionId}/continueChat`, { message: "Bo" });
    // The Result resource keeps the spec's shape; which version a chat ran on is a filter of the list.
    const idsOn = async (versionId: string) =>
      (await api.get(`/v1/bots/${botId}/results?versionId=${versionId}`)).body.results.map(
        (result: { id: string }) => result.id,
      );
    expect(await idsOn(v3.versionId)).toEqual([before.resultId]);
    expect(await idsOn(restored.body.version.id)).toEqual([after.resultId]);
    // Asked for, the list says by result id what each chat ran on (the builder's Version column).
    const listed = await api.get(`/v1/bots/${botId}/results?timeFilter=allTime&withRanOn=true`);
    expect(listed.body.ranOn).toEqual({
      [after.resultId]: { versionId: restored.body.version.id, number: 4, isStaging: false },
      [before.resultId]: { versionId: v3.versionId, number: 3, isStaging: false },
    });
    expect((await api.get(`/v1/bots/${botId}/results?timeFilter=allTime`)).body).not.toHaveProperty("ranOn");
    // The draft was left alone (still version 3's content).
    const draftDiff = await api.get(`/v1/bots/${botId}/versions/${v3.versionId}/diff`);
    expect(draftDiff.body.hasChanges).toBe(false);
  });

  it("restores a version into the draft without publishing", async () => {
    const { botId, v1, v3 } = await publishThreeTimes();
    const restored = await api.post(`/v1/bots/${botId}/versions/${v1.versionId}/restore`, { to: "draft" });
    expect([restored.status, restored.body.restoredTo, restored.body.version]).toEqual([200, "draft", null]);
    const draft = (await api.get(`/v1/bots/${botId}`)).body.bot;
    expect(draft.groups[0].blocks[0].content.richText[0].children[0].text).toBe("Hello v1");
    expect((await api.get(`/v1/bots/${botId}/publish-state`)).body.hasUnpublishedChanges).toBe(true);
    expect((await startChat(v3.publicId)).first).toBe("Hello v3");
    expect((await api.get(`/v1/bots/${botId}/versions`)).body.versions).toHaveLength(3);
  });

  it("lets a guest read versions but not restore, and answers 404 to another workspace", async () => {
    const { botId, v1 } = await publishThreeTimes();
    const guest = await server.createUser();
    await server.ctx.workspaces.addMember(owner.workspaceId, guest.userId, "GUEST");
    const guestApi = createClient(server.baseUrl, guest.token);
    expect((await guestApi.get(`/v1/bots/${botId}/versions`)).status).toBe(200);
    expect((await guestApi.get(`/v1/bots/${botId}/versions/${v1.versionId}/diff`)).status).toBe(200);
    const refused = await guestApi.post(`/v1/bots/${botId}/versions/${v1.versionId}/restore`, {});
    expect([refused.status, refused.body.code]).toEqual([403, "FORBIDDEN"]);
    const stranger = createClient(server.baseUrl, (await server.createUser()).token);
    expect((await stranger.get(`/v1/bots/${botId}/versions`)).status).toBe(404);
    expect((await stranger.get(`/v1/bots/${botId}/versions/${v1.versionId}`)).status).toBe(404);
  });
});
