import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";
import { typebotEmbedClientSource } from "../helpers/typebot-embed-client.js";
import { startHostSite, type HostSite } from "../web/host-site.js";
import { launchBrowser, openPage, type WatchedPage } from "../web/browser.js";

/**
 * One conversation through every compatibility route, sent by a page of another origin in Chromium:
 * the browser does the CORS preflights and the upload (a PUT of the file with its Content-Type and a
 * Cache-Control header) exactly as it would for the real client.
 */

function browserBot(siteOrigin: string) {
  return buildBot({
    groups: [
      {
        id: "g",
        blocks: [
          say("b-hello", "Hello! What is your name?"),
          { id: "b-name", type: "text input", options: { variableId: "vName" } },
          {
            id: "b-plan",
            type: "choice input",
            options: { variableId: "vPlan" },
            items: [
              { id: "i-gold", content: "Gold plan", value: "gold" },
              { id: "i-free", content: "Free plan" },
            ],
          },
          { id: "b-pause", type: "Wait", options: { secondsToWaitFor: "0", shouldPause: true } },
          say("b-script", "Tracking you, {{Name}}"),
          { id: "b-code", type: "Code", options: { content: "window.tracked = {{Plan}} + ' for ' + {{Name}};" } },
          { id: "b-file", type: "file input" },
          say("b-bye", "Bye {{Name}}"),
        ],
      },
    ],
    variables: [
      { id: "vName", name: "Name" },
      { id: "vPlan", name: "Plan" },
    ],
    settings: { security: { allowedOrigins: [siteOrigin] }, typingEmulation: { enabled: false } },
  });
}

describe("the reference client's requests from a page of another origin", { timeout: 90_000 }, () => {
  let harness: ChatHarness;
  let site: HostSite;
  let browser: Browser;
  let page: WatchedPage;

  beforeAll(async () => {
    harness = await createChatHarness();
    site = await startHostSite();
    browser = await launchBrowser();
    page = await openPage(await browser.newContext());
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await harness?.close();
  });

  /** Runs one call of the fake client inside the page and hands back its answer. */
  const call = (method: string, ...args: unknown[]): Promise<any> =>
    page.evaluate(([name, list]) => (globalThis as any).client[name as string](...(list as unknown[])), [method, args]);

  it("chats through start, text, buttons, a wait, a script, a client log, an upload and the end", async () => {
    const conversation = await harness.conversation(browserBot(site.origin));
    const apiHost = harness.server.url;
    // The client's code as browser JavaScript; `__name` covers the helper a test transform may insert.
    const url = site.page(
      "/shop",
      `<!doctype html><html><head><title>Shop</title></head><body><h1>Shop</h1><script>
var __name = (target) => target;
window.client = (${typebotEmbedClientSource()})(${JSON.stringify(apiHost)});
window.framedClient = (${typebotEmbedClientSource()})(${JSON.stringify(apiHost)}, ${JSON.stringify(site.origin)});
</script></body></html>`,
    );
    const apiRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(apiHost)) apiRequests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(url);

    const start = await call("startChat", conversation.publicId, { prefilledVariables: { utm: "1" } });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      resultId: expect.any(String),
      typebot: { id: conversation.botId, version: "6", theme: {}, settings: expect.any(Object) },
      messages: [textMessage("b-hello", "Hello! What is your name?")],
      input: { id: "b-name", type: "text input" },
    });
    const sessionId = start.body.sessionId as string;

    expect((await call("sendText", sessionId, "Ada")).body.input).toMatchObject({ id: "b-plan", type: "choice input" });
    const planned = await call("sendText", sessionId, "gold");
    expect(planned.body.clientSideActions).toEqual([
      { type: "wait", wait: { secondsToWaitFor: 0 }, expectsDedicatedReply: true },
    ]);
    const waited = await call("continueChat", sessionId);
    expect(waited.body.messages).toEqual([textMessage("b-script", "Tracking you, Ada")]);
    const [action] = waited.body.clientSideActions;
    // The page runs the script as the client does: the arguments by id, then the content.
    const tracked = await page.evaluate((script: { content: string; args: { id: string; value: unknown }[] }) => {
      new Function(...script.args.map((arg) => arg.id), script.content)(...script.args.map((arg) => arg.value));
      return (globalThis as any).tracked;
    }, action.scriptToExecute);
    expect(tracked).toBe("gold for Ada");
    expect(waited.body.input).toMatchObject({ id: "b-file", type: "file input" });

    const logged = await call("clientLogs", sessionId, [
      { context: "While executing script", description: "Done", details: { ok: true } },
    ]);
    expect(logged).toEqual({ status: 200, body: { message: "Logs successfully saved." } });

    const upload = await call("uploadFile", sessionId, "b-file", {
      name: "hello.txt",
      type: "text/plain",
      content: "from the browser",
    });
    expect(upload.upload).toEqual({ status: 204, ok: true });
    expect(await (await fetch(upload.body.fileUrl)).text()).toBe("from the browser");

    const ended = await call("sendText", sessionId, upload.body.fileUrl);
    expect(ended.status).toBe(200);
    expect(ended.body.messages).toEqual([textMessage("b-bye", "Bye Ada")]);
    expect(ended.body.input).toBeUndefined();

    // Inside an iframe the client adds the page around it: the preflight must let that header through.
    const framedStart = await page.evaluate(
      (publicId) => (globalThis as any).framedClient.startChat(publicId),
      conversation.publicId,
    );
    expect(framedStart.status).toBe(200);

    // JSON POSTs across origins: each passed its CORS preflight, or the browser would have refused it.
    expect(apiRequests.filter((request) => request.startsWith("POST"))).toEqual([
      `POST /api/v1/typebots/${conversation.publicId}/startChat`,
      ...Array.from({ length: 3 }, () => `POST /api/v1/sessions/${sessionId}/continueChat`),
      `POST /api/v2/sessions/${sessionId}/clientLogs`,
      "POST /api/v3/generate-upload-url",
      `POST /api/v1/sessions/${sessionId}/continueChat`,
      `POST /api/v1/typebots/${conversation.publicId}/startChat`,
    ]);
    // The file went as the client (0.10 on) sends it: a PUT of the file, after its own preflight.
    expect(apiRequests.filter((request) => !request.startsWith("POST"))).toEqual([
      expect.stringMatching(new RegExp(`^PUT /api/v3/sessions/${sessionId}/uploads/[\\w-]{24}$`)),
    ]);
    expect(page.problems).toEqual([]);
  });
});
