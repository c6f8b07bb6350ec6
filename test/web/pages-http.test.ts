import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { greeterBot } from "./web-bots.js";

const SANDBOX =
  "allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation allow-downloads";

/** The visitor-facing routes over plain HTTP: headers, caching, pages, uploads. */
describe("pages, client script and uploads over HTTP", () => {
  let harness: ChatHarness;
  let root: string;

  beforeAll(async () => {
    harness = await createChatHarness();
    root = harness.server.url;
  });
  afterAll(() => harness?.close());

  function fileBot(options: Record<string, unknown> = {}) {
    return buildBot({
      groups: [
        {
          id: "g-1",
          blocks: [
            say("b-hello", "Send a picture"),
            { id: "b-file", type: "file input", options },
            say("b-done", "Thanks"),
          ],
        },
      ],
    });
  }

  async function sessionWaitingForFile(options: Record<string, unknown> = {}) {
    const conversation = await harness.conversation(fileBot(options));
    await conversation.start();
    return conversation.sessionId!;
  }

  const upload = (
    sessionId: string,
    name: string,
    body: RequestInit["body"],
    contentType = "image/png",
    headers: Record<string, string> = {},
  ) =>
    fetch(`${root}/api/v1/sessions/${sessionId}/files?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: { "content-type": contentType, ...headers },
      body,
      duplex: "half",
    } as RequestInit);

  it("serves embed.js with an ETag, revalidation, gzip and a year-long cache on the versioned URL", async () => {
    const bare = await fetch(`${root}/embed.js`);
    const etag = bare.headers.get("etag")!;
    expect([
      bare.status,
      bare.headers.get("content-type"),
      bare.headers.get("content-encoding"),
      bare.headers.get("cache-control"),
      bare.headers.get("x-content-type-options"),
    ]).toEqual([
      200,
      "text/javascript; charset=utf-8",
      "gzip",
      "public, max-age=3600, stale-while-revalidate=86400",
      "nosniff",
    ]);
    expect((await bare.text()).length).toBeGreaterThan(10_000);
    const again = await fetch(`${root}/embed.js`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const page = await (await fetch(`${root}/${(await harness.conversation(greeterBot("Hi"))).publicId}/frame`)).text();
    const versioned = page.match(/src="(\/embed\.js\?v=[\w-]+)"/)![1];
    expect((await fetch(root + versioned)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves the full page with the bot's metadata escaped, prefilled variables and strict security headers", async () => {
    const bot = greeterBot("Hi {{Name}}", {
      metadata: {
        title: 'Ada\'s <script>alert("x")</script> bot',
        description: "Talk & learn",
        imageUrl: "https://cdn.example/og.png",
        favIconUrl: "javascript:alert(1)",
      },
    });
    const { publicId } = await harness.conversation(bot);
    const response = await fetch(`${root}/${publicId}?Name=Grace&utm=%22x%22`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Ada&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; bot</title>");
    expect(html).toContain('<meta name="description" content="Talk &amp; learn">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example/og.png">');
    expect(html).not.toContain("javascript:");
    // The page is Parley's shell: the chat (and everything of the bot's but its metadata) is in a sandboxed frame.
    expect(html).not.toContain("<parley-standard");
    expect(html).toMatch(/<script src="\/chat-shell\.js\?v=[\w-]+"><\/script>/);
    expect(html).toContain(
      `<iframe class="chat-frame" src="/${publicId}/frame?Name=Grace&amp;utm=%22x%22" sandbox="${SANDBOX}" ` +
        `title="Ada&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; bot" data-bot="${publicId}" data-hide-query></iframe>`,
    );
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; frame-src 'self'; img-src https: http:; base-uri 'none'; form-action 'none'; object-src 'none'",
    );

    const frame = await fetch(`${root}/${publicId}/frame?Name=Grace&utm=%22x%22`);
    const frameHtml = await frame.text();
    expect(frameHtml).toContain(
      `<parley-standard bot="${publicId}" full-page shell-relay prefilled-variables="{&quot;Name&quot;:&quot;Grace&quot;,&quot;utm&quot;:&quot;\\&quot;x\\&quot;&quot;}">`,
    );
    expect(frameHtml).not.toContain("og:image");
    expect(
      Object.fromEntries(
        ["content-security-policy", "x-content-type-options", "referrer-policy"].map((name) => [
          name,
          frame.headers.get(name),
        ]),
      ),
    ).toEqual({
      "content-security-policy": `sandbox ${SANDBOX}; default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'`,
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
  });

  it("opens the page's policy to exactly the hosts and powers the bot needs", async () => {
    const bot = buildBot({
      groups: [
        {
          id: "g-1",
          blocks: [
            { id: "b-img", type: "image", content: { url: "https://images.example/a.png" } },
            { id: "b-vid", type: "video", content: { url: "https://youtu.be/abc123" } },
            { id: "b-dyn", type: "image", content: { url: "{{Picture}}" } },
            { id: "b-code", type: "Code", options: { content: "console.log(1)" } },
          ],
        },
      ],
      theme: { general: { font: { type: "Google", family: "Lato" } } },
    });
    const { publicId } = await harness.conversation(bot);
    const csp = (await fetch(`${root}/${publicId}/frame`)).headers.get("content-security-policy")!;
    expect(csp.split("; ")).toEqual([
      `sandbox ${SANDBOX}`,
      "default-src 'none'",
      "script-src 'self' 'unsafe-eval'",
      "connect-src 'self' https:",
      "img-src 'self' data: blob: https://images.example https:",
      "media-src 'self' blob:",
      "style-src 'self' https://fonts.googleapis.com",
      "font-src 'self' https://fonts.gstatic.com",
      "frame-src https://www.youtube.com",
      "base-uri 'none'",
      "form-action 'none'",
      "object-src 'none'",
    ]);
  });

  it("answers 404 pages for unknown and unpublished bots, a closed screen for a closed one, and leaves /api alone", async () => {
    const unknown = await fetch(`${root}/no-such-bot`);
    expect([unknown.status, unknown.headers.get("content-type")]).toEqual([404, "text/html; charset=utf-8"]);
    expect(await unknown.text()).toContain("The bot you&#39;re looking for doesn&#39;t exist.");

    const created = await harness.api.post("/v1/bots", {
      workspaceId: harness.workspaceId,
      bot: { ...greeterBot("Draft"), publicId: "draft-only" },
    });
    expect(created.status).toBe(200);
    expect((await fetch(`${root}/draft-only`)).status).toBe(404);

    const closed = await harness.conversation(
      greeterBot("Closed", { general: { systemMessages: { botClosed: "Back on Monday." } } }),
    );
    await harness.api.patch(`/v1/bots/${closed.botId}`, { bot: { isClosed: true } });
    const closedPage = await fetch(`${root}/${closed.publicId}`);
    const closedHtml = await closedPage.text();
    expect([closedPage.status, closedHtml.includes("<p>Back on Monday.</p>"), closedHtml.includes("embed.js")]).toEqual(
      [200, true, false],
    );

    const api = await fetch(`${root}/api`);
    expect([api.status, await api.json()]).toEqual([404, { code: "NOT_FOUND", message: "Route GET /api not found" }]);
    expect((await fetch(`${root}/favicon.ico`)).status).toBe(204);
  });

  it("stores an upload under an unguessable URL and serves it back with safe headers", async () => {
    const sessionId = await sessionWaitingForFile();
    const preflight = await fetch(`${root}/api/v1/sessions/${sessionId}/files`, {
      method: "OPTIONS",
      headers: { origin: "https://site.example", "access-control-request-method": "POST" },
    });
    expect([preflight.status, preflight.headers.get("access-control-allow-origin")]).toEqual([
      204,
      "https://site.example",
    ]);

    const response = await upload(sessionId, "../../notes <1>.html", "<script>alert(1)</script>", "text/html", {
      origin: "https://site.example",
    });
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://site.example");
    expect(body).toEqual({
      name: "notes _1_.html",
      size: 25,
      contentType: "text/html",
      url: expect.stringMatching(new RegExp(`^${root}/files/[\\w-]{24}/notes%20_1_\\.html$`)),
    });

    const served = await fetch(body.url);
    expect(
      Object.fromEntries(
        ["content-type", "content-disposition", "x-content-type-options", "content-security-policy"].map((name) => [
          name,
          served.headers.get(name),
        ]),
      ),
    ).toEqual({
      "content-type": "application/octet-stream",
      "content-disposition": "attachment; filename*=UTF-8''notes%20_1_.html",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    });
    expect(await served.text()).toBe("<script>alert(1)</script>");
    const folder = new URL(body.url).pathname.split("/")[2];
    expect(
      (await fetch(`${root}/files/${folder.replace(/^./, folder[0] === "A" ? "B" : "A")}/notes%20_1_.html`)).status,
    ).toBe(404);
    expect((await fetch(`${root}/files/${folder}/..%2F..%2Fparley.db`)).status).toBe(404);
  });

  it("refuses files of types the input does not allow (415), too large (413), or when no file is expected (400, 404)", async () => {
    const sessionId = await sessionWaitingForFile({
      isMultipleAllowed: true,
      allowedFileTypes: { isEnabled: true, types: ["image/png", "pdf"] },
    });
    const wrongType = await upload(sessionId, "virus.exe", "MZ");
    expect([wrongType.status, await wrongType.json()]).toEqual([
      415,
      { code: "UNSUPPORTED_MEDIA_TYPE", message: "This file type is not accepted here (allowed: png, pdf)" },
    ]);
    expect((await upload(sessionId, "doc.PDF", "%PDF", "application/pdf")).status).toBe(200);

    const declared = await upload(sessionId, "big.png", new Uint8Array(10 * 1024 * 1024 + 1));
    expect([declared.status, ((await declared.json()) as any).message]).toEqual([413, "The file is larger than 10 MB"]);
    // Streamed without a length: cut off at the limit all the same.
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent++ > 10) return controller.close();
        controller.enqueue(chunk);
      },
    });
    const streamed = await upload(sessionId, "big.png", stream);
    expect(streamed.status).toBe(413);

    const textSession = await harness.conversation(greeterBot("No files here"));
    await textSession.start();
    const notWaiting = await upload(textSession.sessionId!, "a.png", "x");
    expect([notWaiting.status, ((await notWaiting.json()) as any).message]).toEqual([
      400,
      "This chat is not waiting for a file",
    ]);
    expect((await upload("no-such-session", "a.png", "x")).status).toBe(404);
  });
});
