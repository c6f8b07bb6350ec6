import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";
import { bilingualBot, french, withTranslations } from "../helpers/bilingual-bot.js";
import { createClient } from "../helpers/http-client.js";
import { createTypebotEmbedClient, type TypebotEmbedClient } from "../helpers/typebot-embed-client.js";

/**
 * The reference product's embed client against Parley: a fake of it sends exactly its requests
 * (shared/research/embed-client-facts.md) and reads back every field it uses.
 */

let harness: ChatHarness;
let client: TypebotEmbedClient;
let origin: string;

beforeAll(async () => {
  harness = await createChatHarness();
  origin = harness.server.url;
  client = createTypebotEmbedClient(origin);
});
afterAll(() => harness.close());

const noTyping = { typingEmulation: { enabled: false } };

/** Every input kind the client answers, one after the other. */
function tourBot() {
  return buildBot({
    groups: [
      {
        id: "g-hello",
        blocks: [
          say("b-hello", "Hello! What is your name?"),
          { id: "b-name", type: "text input", options: { variableId: "v-name", labels: { placeholder: "Your name" } } },
          say("b-nice", "Nice to meet you, {{Name}}."),
          {
            id: "b-plan",
            type: "choice input",
            options: { variableId: "vPlan" },
            items: [
              { id: "i-gold", content: "Gold plan", value: "gold" },
              { id: "i-free", content: "Free plan" },
            ],
          },
          say("b-colour-q", "Which colour?"),
          {
            id: "b-colour",
            type: "choice input",
            options: { variableId: "v-colour" },
            items: [
              { id: "i-red", content: "Red" },
              { id: "i-blue", content: "Blue" },
            ],
          },
          say("b-wait", "One moment…"),
          { id: "b-pause", type: "Wait", options: { secondsToWaitFor: "1", shouldPause: true } },
          say("b-script", "Running a script"),
          { id: "b-code", type: "Code", options: { content: "window.tracked = {{Plan}};" } },
          say("b-file-q", "Send us your file"),
          { id: "b-file", type: "file input", options: { variableId: "v-file" } },
          say("b-bye", "Thanks, {{Name}}!"),
        ],
      },
    ],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "vPlan", name: "Plan" },
      { id: "v-colour", name: "Colour" },
      { id: "v-file", name: "File" },
      { id: "v-utm", name: "utm" },
    ],
    theme: { general: { font: "Open Sans" } },
    settings: { general: { isBrandingEnabled: false }, ...noTyping },
  });
}

describe("a whole conversation through the reference client's routes", () => {
  it("starts, answers text, buttons by value and by content, a wait, a script, a log and an upload, then ends", async () => {
    const conversation = await harness.conversation(tourBot());
    const start = await client.startChat(conversation.publicId, { prefilledVariables: { utm: "1" } });
    expect(start.status).toBe(200);
    expect(Object.keys(start.body)).not.toContain("bot");
    expect(start.body).toMatchObject({
      sessionId: expect.any(String),
      resultId: expect.any(String),
      typebot: {
        id: conversation.botId,
        version: "6",
        publishedAt: expect.any(String),
        theme: { general: { font: "Open Sans" } },
        settings: { general: { isBrandingEnabled: false }, typingEmulation: { enabled: false } },
      },
      messages: [textMessage("b-hello", "Hello! What is your name?")],
      input: { id: "b-name", type: "text input", options: { labels: { placeholder: "Your name" } } },
    });
    const sessionId = start.body.sessionId as string;

    const named = await client.sendText(sessionId, "Alice");
    expect(named).toEqual({
      status: 200,
      body: expect.objectContaining({ messages: [textMessage("b-nice", "Nice to meet you, Alice.")] }),
    });
    expect(named.body.input).toMatchObject({
      id: "b-plan",
      type: "choice input",
      items: [
        { id: "i-gold", content: "Gold plan", value: "gold" },
        { id: "i-free", content: "Free plan" },
      ],
    });

    // Buttons: the client sends `item.value || item.content`, never the label of a valued item.
    const planned = await client.sendText(sessionId, "gold");
    expect(planned.status).toBe(200);
    expect(planned.body.messages).toEqual([textMessage("b-colour-q", "Which colour?")]);
    expect(planned.body.input).toMatchObject({ id: "b-colour", type: "choice input" });

    const coloured = await client.sendText(sessionId, "Blue");
    expect(coloured.status).toBe(200);
    expect(coloured.body.messages).toEqual([textMessage("b-wait", "One moment…")]);
    expect(coloured.body.input).toBeUndefined();
    expect(coloured.body.clientSideActions).toEqual([
      { type: "wait", wait: { secondsToWaitFor: 1 }, expectsDedicatedReply: true, lastBubbleBlockId: "b-wait" },
    ]);

    // The wait's dedicated reply has no message at all: the body is `{}`.
    const waited = await client.continueChat(sessionId);
    expect(waited.status).toBe(200);
    expect(waited.body.messages).toEqual([
      textMessage("b-script", "Running a script"),
      textMessage("b-file-q", "Send us your file"),
    ]);
    expect(waited.body.clientSideActions).toEqual([
      {
        type: "scriptToExecute",
        scriptToExecute: { content: "window.tracked = vPlan;", args: [{ id: "vPlan", value: "gold" }] },
        lastBubbleBlockId: "b-script",
      },
    ]);
    expect(waited.body.input).toMatchObject({ id: "b-file", type: "file input" });

    const logged = await client.clientLogs(sessionId, [
      { context: "While executing script", description: "tracked is not defined", details: { line: 1 } },
    ]);
    expect(logged).toEqual({ status: 200, body: { message: "Logs successfully saved." } });

    const upload = await client.uploadFile(sessionId, "b-file", {
      name: "notes.txt",
      type: "text/plain",
      content: "hello from the visitor",
    });
    expect(upload.status).toBe(200);
    expect(upload.body).toEqual({
      presignedUrl: expect.stringMatching(
        new RegExp(`^${origin}/api/v3/sessions/${sessionId}/uploads/[\\w-]{24}\\?name=notes\\.txt$`),
      ),
      formData: {},
      fileUrl: expect.stringMatching(new RegExp(`^${origin}/files/[\\w-]{24}/notes\\.txt$`)),
    });
    expect(upload.upload).toEqual({ status: 204, ok: true });
    const served = await fetch(upload.body.fileUrl);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe("hello from the visitor");
    // An announced upload URL takes one file only, however it is sent.
    const again = await fetch(upload.body.presignedUrl, { method: "POST", body: formWith("again") });
    expect(again.status).toBe(409);
    const putAgain = await fetch(upload.body.presignedUrl, { method: "PUT", body: "again" });
    expect([putAgain.status, await putAgain.json()]).toEqual([
      409,
      { code: "CONFLICT", message: "This file was already sent" },
    ]);

    const ended = await client.sendText(sessionId, upload.body.fileUrl);
    expect(ended.status).toBe(200);
    expect(ended.body.messages).toEqual([textMessage("b-bye", "Thanks, Alice!")]);
    // A reply without `input` ends the chat for the client.
    expect(ended.body.input).toBeUndefined();

    conversation.resultId = start.body.resultId;
    expect(await conversation.answers()).toEqual([
      { blockId: "b-name", content: "Alice" },
      { blockId: "b-plan", content: "gold" },
      { blockId: "b-colour", content: "Blue" },
      { blockId: "b-file", content: upload.body.fileUrl },
    ]);
    expect(await conversation.result()).toMatchObject({
      isCompleted: true,
      variables: { Name: "Alice", Plan: "gold", utm: "1", File: upload.body.fileUrl },
    });
    const logs = await harness.server.ctx.store.db
      .selectFrom("logs")
      .select(["status", "description", "context", "details"])
      .where("resultId", "=", start.body.resultId)
      .execute();
    expect(logs).toEqual([
      {
        status: "error",
        description: "tracked is not defined",
        context: "While executing script",
        details: '{"line":1}',
      },
    ]);
    expect((await client.continueChat(sessionId, { type: "text", text: "more?" })).status).toBe(404);
  });

  it("names the result even when the chat ends in its first turn", async () => {
    const conversation = await harness.conversation(
      buildBot({
        groups: [
          {
            id: "g",
            blocks: [
              { id: "b-set", type: "Set variable", options: { variableId: "v-result", type: "Result ID" } },
              say("b-id", "Your ticket: {{Ticket}}"),
            ],
          },
        ],
        variables: [{ id: "v-result", name: "Ticket" }],
      }),
    );
    const start = await client.startChat(conversation.publicId);
    expect(start.status).toBe(200);
    expect(start.body.input).toBeUndefined();
    expect(start.body.resultId).toEqual(expect.any(String));
    expect(start.body.messages).toEqual([textMessage("b-id", `Your ticket: ${start.body.resultId}`)]);
  });

  it("takes a bare string (a payment's return) and a recorded audio clip as answers", async () => {
    const conversation = await harness.conversation(
      buildBot({
        groups: [
          {
            id: "g",
            blocks: [
              { id: "b-status", type: "text input", options: { variableId: "v-status" } },
              {
                id: "b-voice",
                type: "text input",
                options: { variableId: "v-voice", audioClip: { isEnabled: true, saveVariableId: "v-clip" } },
              },
              say("b-done", "Got {{Status}} and {{Clip}}"),
            ],
          },
        ],
        variables: [
          { id: "v-status", name: "Status" },
          { id: "v-voice", name: "Voice" },
          { id: "v-clip", name: "Clip" },
        ],
      }),
    );
    const start = await client.startChat(conversation.publicId);
    expect((await client.continueChat(start.body.sessionId, "Success")).status).toBe(200);
    const clip = `${origin}/files/abc/clip.webm`;
    const done = await client.continueChat(start.body.sessionId, { type: "audio", url: clip });
    expect(done.status).toBe(200);
    expect(done.body.messages).toEqual([textMessage("b-done", `Got Success and ${clip}`)]);
  });

  it("answers a command with its event's flow", async () => {
    const conversation = await harness.conversation(
      buildBot({
        groups: [
          { id: "g", blocks: [{ id: "b-ask", type: "text input" }] },
          { id: "g-help", blocks: [say("b-help", "Here is some help")] },
        ],
        events: [
          {
            id: "ev-help",
            type: "command",
            graphCoordinates: { x: 0, y: 0 },
            outgoingEdgeId: "e-help",
            options: { command: "help" },
          },
        ],
        edges: [{ id: "e-help", from: { eventId: "ev-help" }, to: { groupId: "g-help" } }],
      }),
    );
    const start = await client.startChat(conversation.publicId);
    const helped = await client.continueChat(start.body.sessionId, { type: "command", command: "help" });
    expect(helped.status).toBe(200);
    expect(helped.body.messages).toEqual([textMessage("b-help", "Here is some help")]);
  });
});

function formWith(content: string): FormData {
  const form = new FormData();
  form.append("file", new Blob([content], { type: "text/plain" }), "notes.txt");
  return form;
}

describe("preview start as the reference client sends it", () => {
  it("runs a whole bot of schema version 3 given under `typebot`", async () => {
    const v3 = {
      version: "3",
      id: "legacy-bot",
      groups: [
        {
          id: "g0",
          title: "Start",
          graphCoordinates: { x: 0, y: 0 },
          blocks: [{ id: "s", type: "start", label: "Start", outgoingEdgeId: "e0" }],
        },
        {
          id: "g1",
          title: "Group #1",
          graphCoordinates: { x: 1, y: 1 },
          blocks: [
            {
              id: "b1",
              groupId: "g1",
              type: "text",
              content: { richText: [{ type: "p", children: [{ text: "Old but gold" }] }] },
            },
            {
              id: "b2",
              groupId: "g1",
              type: "text input",
              options: { labels: { placeholder: "Type…", button: "Send" } },
            },
          ],
        },
      ],
      edges: [{ id: "e0", from: { groupId: "g0", blockId: "s" }, to: { groupId: "g1" } }],
      variables: [],
      settings: {},
      theme: {},
    };
    const start = await client.previewStartChat(v3, { sessionId: "legacy-preview-session" });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      sessionId: "legacy-preview-session",
      typebot: { id: "legacy-bot", version: "6", theme: expect.any(Object), settings: expect.any(Object) },
      messages: [textMessage("b1", "Old but gold")],
      input: { id: "b2", type: "text input" },
    });
    expect(start.body.resultId).toBeUndefined();
    const next = await client.sendText(start.body.sessionId, "hi");
    expect(next).toEqual({ status: 200, body: { messages: [] } });
  });

  it("starts from the group the client names", async () => {
    const bot = {
      ...buildBot({
        groups: [
          { id: "g1", blocks: [say("b1", "First")] },
          { id: "g2", blocks: [say("b2", "Second")] },
        ],
      }),
      id: "from-bot",
    };
    const start = await client.previewStartChat(bot, { startFrom: { type: "group", groupId: "g2" } });
    expect(start.status).toBe(200);
    expect(start.body.messages).toEqual([textMessage("b2", "Second")]);
  });

  it("asks for a sign-in when only the id is given and nobody is signed in", async () => {
    const start = await client.previewStartChat("some-bot-id");
    expect(start.status).toBe(401);
    expect(start.body.message).toMatch(/Sign in/);
  });
});

describe("the visitor's language, from the browser's Accept-Language", () => {
  // The client sets no language of its own: the browser adds Accept-Language to its requests.
  const frenchBrowser = { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" };

  it("starts a public chat in the language the browser prefers, as the spec's start does", async () => {
    const conversation = await harness.conversation(withTranslations(bilingualBot()));
    const start = await createClient(origin).post(
      `/api/v1/typebots/${conversation.publicId}/startChat`,
      { isStreamEnabled: true, prefilledVariables: {}, isOnlyRegistering: false },
      frenchBrowser,
    );
    expect(start.status).toBe(200);
    expect(start.body.typebot.locale).toBe("fr");
    expect(start.body.messages).toEqual([textMessage("b-hello", "Bonjour ! Comment vous appelez-vous ?")]);
    expect(start.body.input.options.labels).toEqual({ placeholder: "Votre nom" });
    const english = await createClient(origin).post(
      `/api/v1/typebots/${conversation.publicId}/startChat`,
      { isStreamEnabled: true, prefilledVariables: {}, isOnlyRegistering: false },
      { "accept-language": "de-DE,en;q=0.5" },
    );
    expect(english.body.typebot.locale).toBe("en");
    expect(english.body.messages).toEqual([textMessage("b-hello", "Hello! What is your name?")]);
  });

  it("starts a preview of a whole bot in that language too", async () => {
    const typebot = { ...withTranslations(bilingualBot()), id: "bilingual-preview" };
    const start = await createClient(origin).post(
      "/api/v1/typebots/bilingual-preview/preview/startChat",
      { isStreamEnabled: true, typebot, prefilledVariables: {} },
      frenchBrowser,
    );
    expect(start.status).toBe(200);
    expect(start.body.typebot.locale).toBe("fr");
    expect(start.body.messages).toEqual([textMessage("b-hello", "Bonjour ! Comment vous appelez-vous ?")]);
  });

  it("answers a closed bot's start in that language", async () => {
    const conversation = await harness.conversation(
      withTranslations(bilingualBot(), { fr: { ...french.fr, "system.botClosed": "Ce bot est fermé" } }),
    );
    await harness.api.patch(`/v1/bots/${conversation.botId}`, { bot: { isClosed: true } });
    const closed = await createClient(origin).post(
      `/api/v1/typebots/${conversation.publicId}/startChat`,
      { isStreamEnabled: true, prefilledVariables: {}, isOnlyRegistering: false },
      frenchBrowser,
    );
    expect([closed.status, closed.body]).toEqual([400, { code: "BOT_CLOSED", message: "Ce bot est fermé" }]);
  });
});

describe("errors the client shows to visitors", () => {
  it("answers 404 for an unknown bot and 400 with the closed message for a closed bot", async () => {
    expect((await client.startChat("no-such-bot")).status).toBe(404);
    const conversation = await harness.conversation(
      buildBot({
        groups: [{ id: "g", blocks: [say("b", "Hi")] }],
        settings: { general: { systemMessages: { botClosed: "We are closed for the holidays" } } },
      }),
    );
    expect((await harness.api.patch(`/v1/bots/${conversation.botId}`, { bot: { isClosed: true } })).status).toBe(200);
    const closed = await client.startChat(conversation.publicId);
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe("We are closed for the holidays");

    const plain = await harness.conversation(buildBot({ groups: [{ id: "g", blocks: [say("b", "Hi")] }] }));
    await harness.api.patch(`/v1/bots/${plain.botId}`, { bot: { isClosed: true } });
    expect((await client.startChat(plain.publicId)).body.message).toBe("This bot is now closed");
  });

  it("refuses a file the upload would refuse, before it is sent", async () => {
    const conversation = await harness.conversation(
      buildBot({
        groups: [
          {
            id: "g",
            blocks: [
              { id: "b-file", type: "file input", options: { allowedFileTypes: { isEnabled: true, types: ["pdf"] } } },
            ],
          },
        ],
      }),
    );
    const start = await client.startChat(conversation.publicId);
    const wrongType = await client.uploadFile(start.body.sessionId, "b-file", {
      name: "run.exe",
      type: "application/octet-stream",
      content: "MZ",
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.message).toBe("This file type is not accepted here (allowed: pdf)");
    const empty = await createClient(origin).post("/api/v3/generate-upload-url", {});
    expect(empty.status).toBe(400);
    const tooBig = await createClient(origin).post("/api/v3/generate-upload-url", {
      fileName: "big.pdf",
      sessionId: start.body.sessionId,
      fileType: "application/pdf",
      fileSize: 11 * 1024 * 1024,
      blockId: "b-file",
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe("The file is larger than 10 MB");
  });
});

describe("the file itself, at the announced upload URL", () => {
  function fileBot() {
    return buildBot({
      groups: [
        {
          id: "g",
          blocks: [
            {
              id: "b-files",
              type: "file input",
              options: { variableId: "v-files", isMultipleAllowed: true },
            },
            say("b-got", "Got {{Files}}"),
          ],
        },
      ],
      variables: [{ id: "v-files", name: "Files" }],
      settings: noTyping,
    });
  }

  it("takes a form POST from clients before 0.10 as well as the PUT of later ones", async () => {
    const conversation = await harness.conversation(fileBot());
    const start = await client.startChat(conversation.publicId);
    const sessionId = start.body.sessionId as string;
    const put = await client.uploadFile(sessionId, "b-files", { name: "a.txt", type: "text/plain", content: "put" });
    const form = await client.uploadFile(
      sessionId,
      "b-files",
      { name: "b.txt", type: "text/plain", content: "form" },
      { form: true },
    );
    expect([put.upload, form.upload]).toEqual([
      { status: 204, ok: true },
      { status: 204, ok: true },
    ]);
    expect(await (await fetch(put.body.fileUrl)).text()).toBe("put");
    expect(await (await fetch(form.body.fileUrl)).text()).toBe("form");
    const urls = `${put.body.fileUrl}, ${form.body.fileUrl}`;
    expect((await client.sendText(sessionId, urls)).body.messages).toEqual([textMessage("b-got", `Got ${urls}`)]);
  });

  it("refuses a PUT past the size limit, whatever was announced, and keeps nothing of it", async () => {
    const conversation = await harness.conversation(fileBot());
    const start = await client.startChat(conversation.publicId);
    const announced = await createClient(origin).post("/api/v3/generate-upload-url", {
      fileName: "big.txt",
      sessionId: start.body.sessionId,
      fileType: "text/plain",
      fileSize: 10,
      blockId: "b-files",
    });
    expect(announced.status).toBe(200);
    const tooBig = await fetch(announced.body.presignedUrl, {
      method: "PUT",
      body: Buffer.alloc(10 * 1024 * 1024 + 1, 120),
      headers: { "content-type": "text/plain" },
    });
    expect([tooBig.status, await tooBig.json()]).toEqual([
      413,
      { code: "PAYLOAD_TOO_LARGE", message: "The file is larger than 10 MB" },
    ]);
    expect((await fetch(announced.body.fileUrl)).status).toBe(404);
    // Nothing of it was kept: the URL still takes the file.
    const retried = await fetch(announced.body.presignedUrl, { method: "PUT", body: "small enough" });
    expect(retried.status).toBe(204);
    expect(await (await fetch(announced.body.fileUrl)).text()).toBe("small enough");
  });
});

describe("CORS and allowed origins", () => {
  it("answers the preflight with content-type allowed and exactly one allowed origin", async () => {
    const site = "https://shop.example";
    for (const path of [
      "/api/v1/typebots/any/startChat",
      "/api/v1/typebots/any/preview/startChat",
      "/api/v1/sessions/any/continueChat",
      "/api/v2/sessions/any/clientLogs",
      "/api/v3/generate-upload-url",
    ]) {
      const preflight = await fetch(origin + path, {
        method: "OPTIONS",
        headers: {
          origin: site,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin"), path).toBe(site);
      expect(preflight.headers.get("access-control-allow-headers"), path).toContain("content-type");
      expect(preflight.headers.get("access-control-allow-methods"), path).toContain("POST");
    }
  });

  it("lets the file be PUT from another origin, with the headers the client sends", async () => {
    const site = "https://shop.example";
    const preflight = await fetch(`${origin}/api/v3/sessions/any/uploads/${"a".repeat(24)}?name=a.txt`, {
      method: "OPTIONS",
      headers: {
        origin: site,
        "access-control-request-method": "PUT",
        "access-control-request-headers": "cache-control,content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(site);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("PUT, POST, OPTIONS");
    expect(preflight.headers.get("access-control-allow-headers")).toBe(
      "content-type, cache-control, x-typebot-iframe-referrer-origin",
    );
  });

  it("honours allowedOrigins, including the page around an iframe", async () => {
    const conversation = await harness.conversation(
      buildBot({
        groups: [{ id: "g", blocks: [say("b", "Hi"), { id: "b-ask", type: "text input" }] }],
        settings: { security: { allowedOrigins: ["https://shop.example", "https://frame.example"] } },
      }),
    );
    const fromSite = createClient(origin);
    const allowed = await fromSite.post(
      `/api/v1/typebots/${conversation.publicId}/startChat`,
      {
        isStreamEnabled: true,
        prefilledVariables: {},
        isOnlyRegistering: false,
      },
      { origin: "https://shop.example" },
    );
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example");

    const other = await fromSite.post(
      `/api/v1/typebots/${conversation.publicId}/startChat`,
      {},
      { origin: "https://evil.example" },
    );
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("Origin not allowed");

    // Inside an iframe the client names the page around it; both pages must be allowed.
    const framed = (around: string) =>
      fromSite.post(
        `/api/v1/typebots/${conversation.publicId}/startChat`,
        {},
        {
          origin: "https://frame.example",
          "x-typebot-iframe-referrer-origin": around,
        },
      );
    expect((await framed("https://shop.example")).status).toBe(200);
    const evilAround = await framed("https://evil.example");
    expect(evilAround.status).toBe(403);
    expect(evilAround.body.message).toBe("Origin not allowed");
  });
});
