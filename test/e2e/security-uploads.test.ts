import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredSessions } from "../../src/services/chat/session-cleanup.js";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";

/** Issue 15, finding 6: uploads are counted, bounded per session, rate limited, deleted, and served safely. */
let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness({ PARLEY_UPLOAD_MAX_SESSION_MB: "1", PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "12" });
});
afterAll(() => h.close());

const fileBot = (options: Record<string, unknown> = {}) =>
  buildBot({
    groups: [{ id: "g", blocks: [{ id: "b-file", type: "file input", options }, say("b-done", "Thanks")] }],
  });

async function previewWaitingForFile(options: Record<string, unknown> = {}): Promise<string> {
  const { start } = await h.preview(fileBot(options));
  expect(start.status).toBe(200);
  return start.body.sessionId as string;
}

async function upload(sessionId: string, name: string, body: RequestInit["body"] = "x") {
  const response = await fetch(`${h.server.baseUrl}/v1/sessions/${sessionId}/files?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe("uploads to a session", () => {
  it("take one file per waiting file input", async () => {
    const sessionId = await previewWaitingForFile();
    expect((await upload(sessionId, "a.png")).status).toBe(200);
    expect(await upload(sessionId, "b.png")).toEqual({
      status: 400,
      body: { code: "BAD_REQUEST", message: "This input takes one file, and it was already sent" },
    });
  });

  it("take ten files when the input allows several, then refuse more", async () => {
    const sessionId = await previewWaitingForFile({ isMultipleAllowed: true });
    for (let i = 0; i < 10; i++) expect((await upload(sessionId, `f${i}.png`)).status).toBe(200);
    expect(await upload(sessionId, "f10.png")).toEqual({
      status: 400,
      body: { code: "BAD_REQUEST", message: "This input takes at most 10 files, and they were already sent" },
    });
  });

  it("stop at the session's total size (PARLEY_UPLOAD_MAX_SESSION_MB)", async () => {
    const sessionId = await previewWaitingForFile({ isMultipleAllowed: true });
    expect((await upload(sessionId, "a.bin", new Uint8Array(600 * 1024))).status).toBe(200);
    expect(await upload(sessionId, "b.bin", new Uint8Array(600 * 1024))).toEqual({
      status: 413,
      body: { code: "PAYLOAD_TOO_LARGE", message: "The files of this chat would take more than 1 MB" },
    });
    expect((await upload(sessionId, "c.bin", new Uint8Array(300 * 1024))).status).toBe(200);
  });

  it("are rate limited like chat messages (429 with Retry-After)", async () => {
    const sessionId = await previewWaitingForFile({ isMultipleAllowed: true });
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await upload(sessionId, `r${i}.png`)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 400, 400, 429]);
  });

  it("are served inline only for the media a bubble shows, never SVG, HTML or PDF", async () => {
    const sessionId = await previewWaitingForFile({ isMultipleAllowed: true });
    const served = async (name: string) => {
      const response = await fetch((await upload(sessionId, name, "<svg/>")).body.url);
      return [
        response.headers.get("content-disposition")?.split(";")[0],
        response.headers.get("x-content-type-options"),
      ];
    };
    expect(await served("a.png")).toEqual(["inline", "nosniff"]);
    expect(await served("a.mp3")).toEqual(["inline", "nosniff"]);
    expect(await served("a.svg")).toEqual(["attachment", "nosniff"]);
    expect(await served("a.html")).toEqual(["attachment", "nosniff"]);
    expect(await served("a.pdf")).toEqual(["attachment", "nosniff"]);
  });
});

describe("uploads are deleted", () => {
  it("with their preview session when it expires", async () => {
    const sessionId = await previewWaitingForFile();
    const { url } = (await upload(sessionId, "a.png")).body;
    expect((await fetch(url)).status).toBe(200);
    await deleteExpiredSessions(h.server.ctx, new Date(Date.now() + 400 * 24 * 3_600_000));
    expect((await fetch(url)).status).toBe(404);
  });

  it("with their result when it is archived, and not before", async () => {
    const conversation = await h.conversation(fileBot());
    await conversation.start();
    const { url } = (await upload(conversation.sessionId!, "a.png")).body;
    await conversation.send({ type: "text", text: url, attachedFileUrls: [url] });
    // The chat's session is gone with the chat's end; the file stays with the result.
    await deleteExpiredSessions(h.server.ctx, new Date(Date.now() + 400 * 24 * 3_600_000));
    expect((await fetch(url)).status).toBe(200);
    const archived = await h.api.delete(`/v1/bots/${conversation.botId}/results`);
    expect(archived.status).toBe(200);
    expect((await fetch(url)).status).toBe(404);
  });
});
