import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_READ_ONLY } from "../../src/services/auth/write-access.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { openSessionEvents } from "../helpers/session-events.js";
import { startIntegrationServer } from "./integrations-harness.js";

/**
 * An operator's file for the visitor (POST …/inbox/{handoffId}/files): stored like a visitor's upload
 * (PARLEY_UPLOAD_LIMIT_MB, here 0.5 MB), served at the URL it answers, for the operator who has the
 * chat only. Runs on the embedded database, and on PostgreSQL (where the files live) with DATABASE_URL set.
 */
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
let publicId: string;
let inbox: string;

beforeAll(async () => {
  parley = await startIntegrationServer({ PARLEY_UPLOAD_LIMIT_MB: "0.5" });
  publicId = await parley.publish(
    buildBot({
      groups: [
        {
          id: "g1",
          blocks: [say("t-hi", "Let me find a person"), { id: "handoff", type: "hand off", options: {} }],
        },
      ],
    }),
  );
  inbox = `/v1/workspaces/${parley.user.workspaceId}/inbox`;
});
afterAll(async () => {
  await parley?.close();
});

async function waitingChat() {
  const started = await parley.start(publicId);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const sessionId = started.body.sessionId as string;
  const listed = await parley.api.get(inbox);
  const chat = listed.body.chats.find((entry: { sessionId: string }) => entry.sessionId === sessionId);
  return { sessionId, resultId: started.body.resultId as string, handoffId: chat.id as string };
}

async function takenChat() {
  const chat = await waitingChat();
  expect((await parley.api.post(`${inbox}/${chat.handoffId}/take`)).status).toBe(200);
  return chat;
}

/** A multipart form as the builder sends it: one `file` part (and other parts, when given). */
function formOf(file?: { name?: string; bytes: Uint8Array; type?: string }, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const blob = new Blob([file.bytes], { type: file.type ?? "application/octet-stream" });
    if (file.name === undefined) form.append("file", blob);
    else form.append("file", blob, file.name);
  }
  return form;
}

async function upload(handoffId: string, body: FormData | string, token = parley.user.token, contentType?: string) {
  const response = await fetch(`${parley.server.baseUrl}${inbox}/${handoffId}/files`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...(contentType ? { "content-type": contentType } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe("an operator's file for the visitor", () => {
  it("is stored, answered with a URL that serves its bytes, and sent to the visitor as a reply", async () => {
    const { sessionId, handoffId } = await takenChat();
    const content = bytesOf("%PDF-1.4 refund form for order 1042");
    const uploaded = await upload(handoffId, formOf({ name: "Refund form.pdf", bytes: content }, { note: "x" }));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const fileUrl = uploaded.body.fileUrl as string;
    expect(fileUrl).toMatch(new RegExp(`^${parley.server.url}/files/[A-Za-z0-9_-]{24}/Refund%20form\\.pdf$`));

    const served = await fetch(fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''Refund%20form.pdf");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(content);

    const stream = await openSessionEvents(parley.server.baseUrl, sessionId, "handoff");
    expect((await stream.next())?.event).toBe("joined");
    const reply = await parley.api.post(`${inbox}/${handoffId}/messages`, { text: "Here is the form", fileUrl });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await stream.nextNews()).toMatchObject({
      event: "operator",
      data: { text: "Here is the form", fileUrl },
    });
    stream.close();
  });

  it("is kept with the chat's files and goes when its result is deleted", async () => {
    const { sessionId, resultId, handoffId } = await takenChat();
    const uploaded = await upload(handoffId, formOf({ name: "photo.png", bytes: new Uint8Array(400 * 1024) }));
    expect(uploaded.status).toBe(201);
    const records = await parley.server.ctx.files.list(`.sessions/${sessionId}/`);
    expect(records).toHaveLength(1);
    const { botId } = (await parley.api.get(`${inbox}/${handoffId}`)).body.chat;
    const deleted = await parley.api.request("DELETE", `/v1/bots/${botId}/results?resultIds=${resultId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await fetch(uploaded.body.fileUrl)).status).toBe(404);
  });

  it("is refused over the upload limit (413), by its declared size or by what arrives", async () => {
    const { handoffId } = await takenChat();
    const tooLarge = { code: "PAYLOAD_TOO_LARGE", message: "The file is larger than 0.5 MB" };
    expect(await upload(handoffId, formOf({ name: "big.bin", bytes: new Uint8Array(600 * 1024) }))).toEqual({
      status: 413,
      body: tooLarge,
    });
    // Just under the declared-size check (the form's overhead is allowed for), just over once counted.
    expect(await upload(handoffId, formOf({ name: "edge.bin", bytes: new Uint8Array(512 * 1024 + 1) }))).toEqual({
      status: 413,
      body: tooLarge,
    });
    expect((await upload(handoffId, formOf({ name: "fits.bin", bytes: new Uint8Array(512 * 1024) }))).status).toBe(201);
  });

  it("answers a form it cannot use with the reason", async () => {
    const { handoffId } = await takenChat();
    expect(await upload(handoffId, JSON.stringify({ file: "x" }), undefined, "application/json")).toEqual({
      status: 415,
      body: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Send the file as multipart/form-data" },
    });
    expect(await upload(handoffId, formOf(undefined, { text: "hello" }))).toEqual({
      status: 400,
      body: { code: "BAD_REQUEST", message: 'The form has no "file" part' },
    });
    const unnamed = '--b\r\ncontent-disposition: form-data; name="file"\r\n\r\nbytes\r\n--b--\r\n';
    expect(await upload(handoffId, unnamed, undefined, "multipart/form-data; boundary=b")).toEqual({
      status: 400,
      body: { code: "FILE_NAME_MISSING", message: 'Give the file\'s name in the "file" part (its filename)' },
    });
  });
});

describe("who may send a file", () => {
  const file = () => formOf({ name: "a.txt", bytes: bytesOf("hello") });

  it("only the operator who has the chat: 409 while it waits, to another operator, and once closed", async () => {
    const waiting = await waitingChat();
    expect(await upload(waiting.handoffId, file())).toEqual({
      status: 409,
      body: { code: "CONFLICT", message: "Take the chat before answering in it" },
    });
    const member = await parley.server.createUser();
    await parley.server.ctx.workspaces.addMember(parley.user.workspaceId, member.userId, "MEMBER");
    const taken = await takenChat();
    expect(await upload(taken.handoffId, file(), member.token)).toEqual({
      status: 409,
      body: { code: "HAND_OFF_TAKEN", message: "Another operator has this chat" },
    });
    expect((await parley.api.post(`${inbox}/${taken.handoffId}/close`)).status).toBe(200);
    expect(await upload(taken.handoffId, file())).toEqual({
      status: 409,
      body: { code: "HAND_OFF_NOT_WAITING", message: "This chat is no longer with a person" },
    });
  });

  it("not a GUEST (403), nor someone of another workspace (404), nor without a token (401)", async () => {
    const { handoffId } = await takenChat();
    const guest = await parley.server.createUser();
    await parley.server.ctx.workspaces.addMember(parley.user.workspaceId, guest.userId, "GUEST");
    expect(await upload(handoffId, file(), guest.token)).toEqual({
      status: 403,
      body: { code: "FORBIDDEN", message: GUEST_READ_ONLY },
    });
    const stranger = await parley.server.createUser();
    expect(await upload(handoffId, file(), stranger.token)).toEqual({
      status: 404,
      body: { code: "NOT_FOUND", message: "Workspace not found" },
    });
    // Another workspace's chat id under the stranger's own workspace: the chat is not found there.
    const strangerApi = createClient(parley.server.baseUrl, stranger.token);
    const theirs = await fetch(
      `${parley.server.baseUrl}/v1/workspaces/${stranger.workspaceId}/inbox/${handoffId}/files`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${stranger.token}` },
        body: file(),
      },
    );
    expect({ status: theirs.status, body: await theirs.json() }).toEqual({
      status: 404,
      body: { code: "NOT_FOUND", message: "Chat not found" },
    });
    expect((await strangerApi.get(`/v1/workspaces/${stranger.workspaceId}/inbox`)).body.chats).toEqual([]);
    const anonymous = await fetch(`${parley.server.baseUrl}${inbox}/${handoffId}/files`, {
      method: "POST",
      body: file(),
    });
    expect(anonymous.status).toBe(401);
  });
});
