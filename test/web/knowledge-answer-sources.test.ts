import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEY, fakeOpenAi } from "../helpers/ai-fakes.js";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import { useChatInBrowser } from "./browser-world.js";
import { chatPageFrame, openPage } from "./browser.js";

/** The shop's own help pages: a handbook uploaded as Markdown, and a returns page fetched by its URL. */
const handbook = `# Shop handbook

## Pricing

Our plans cost 10 euros a month, billed on the first day.

### Refunds

Refunds are paid within 14 days of a return reaching us.

## Shipping

Parcels leave the warehouse every morning at eight.

## Opening hours

The desk opens at nine on weekdays.

## Gift cards

Gift cards never expire and work online too.
`;
const returnsPage = "Returns\n\nSend returns with the label in the parcel; refunds go back to the card used.";

let site: http.Server;
let siteUrl: string;
let model: Awaited<ReturnType<typeof fakeOpenAi>>;

beforeAll(async () => {
  site = http.createServer((request, response) => {
    if (request.url === "/returns.txt") response.writeHead(200, { "content-type": "text/plain" }).end(returnsPage);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  model = await fakeOpenAi();
});
afterAll(async () => {
  site?.close();
  await model?.close();
});

/**
 * A visitor asks on the chat page: the Knowledge answer block's answer (the AI fake's, over real
 * HTTP) appears, then its sources, the web page's as a link; a question the documents do not touch
 * goes down the block's No good match exit.
 */
describe("a knowledge answer with its sources, in Chromium", { timeout: 120_000 }, () => {
  const world = useChatInBrowser({ PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1", PARLEY_KNOWLEDGE_POLL_MS: "50" });

  async function readyBase(): Promise<string> {
    const { harness } = world;
    const bases = `/v1/workspaces/${harness.workspaceId}/knowledgeBases`;
    const base = (await harness.api.post(bases, { name: "Help" })).body.knowledgeBase;
    const form = new FormData();
    form.append("file", new Blob([handbook], { type: "text/markdown" }), "handbook.md");
    const uploaded = await fetch(`${harness.server.baseUrl}${bases}/${base.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${harness.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(202);
    const fetched = await harness.api.post(`${bases}/${base.id}/documents/urls`, { urls: [`${siteUrl}/returns.txt`] });
    expect(fetched.status, JSON.stringify(fetched.body)).toBe(202);
    await expect
      .poll(
        async () =>
          ((await harness.api.get(`${bases}/${base.id}/documents`)).body.documents as { status: string }[]).map(
            (document) => document.status,
          ),
        { timeout: 30_000 },
      )
      .toEqual(["ready", "ready"]);
    return base.id;
  }

  it("shows the answer, then its sources as links; an unknown topic takes the No good match exit", async () => {
    const { harness } = world;
    const knowledgeBaseId = await readyBase();
    const credentials = await harness.api.post(`/v1/workspaces/${harness.workspaceId}/credentials`, {
      type: "openai",
      name: "Fake",
      data: { apiKey: FAKE_KEY, baseUrl: `${model.url}/v1` },
    });
    const bot = buildBot({
      variables: [
        { id: "v-q", name: "Question" },
        { id: "v-a", name: "Answer" },
      ],
      groups: [
        {
          id: "g1",
          blocks: [
            say("hello", "Ask me about the shop"),
            { id: "ask", type: "text input", options: { variableId: "v-q", labels: { placeholder: "Your question" } } },
            {
              id: "kb",
              type: "knowledge answer",
              items: [{ id: "no-match", outgoingEdgeId: "e-none" }],
              options: {
                knowledgeBaseId,
                limit: 2,
                // Low enough for both engines' scales (PostgreSQL's run lower); an unknown topic finds nothing at all.
                threshold: 0.05,
                credentialsId: credentials.body.credentials.id,
                model: "test-model",
                answerVariableId: "v-a",
              },
              outgoingEdgeId: "e-again",
            },
          ],
        },
        {
          id: "g-none",
          blocks: [
            {
              ...say("none", "I could not find that in our help pages. Ask me something else?"),
              outgoingEdgeId: "e-back",
            },
          ],
        },
      ],
      settings: { typingEmulation: { enabled: false } },
    });
    bot.edges.push(edge("e-again", "g1", "ask"), edge("e-none", "g-none"), edge("e-back", "g1", "ask"));
    const { publicId } = await harness.conversation(bot);
    const context = await world.browser.newContext({ viewport: { width: 900, height: 900 } });
    const page = await openPage(context);
    await page.goto(`${harness.server.url}/${publicId}`);
    const { chat } = chatPageFrame(page);
    const log = chat.locator("parley-standard .log");
    await log.getByText("Ask me about the shop").waitFor();

    await chat.getByPlaceholder("Your question").fill("When are refunds paid?");
    await chat.getByPlaceholder("Your question").press("Enter");
    await expect
      .poll(() => log.locator(".bubble.host").allTextContents(), { timeout: 30_000 })
      .toEqual([
        "Ask me about the shop",
        "You said: When are refunds paid?",
        `Sources:[1] Shop handbook › Pricing › Refunds[2] ${siteUrl}/returns.txt`,
      ]);
    const links = log.locator(".bubble.host a");
    expect(await links.allTextContents()).toEqual([`${siteUrl}/returns.txt`]);
    expect(await links.first().getAttribute("href")).toBe(`${siteUrl}/returns.txt`);

    await chat.getByPlaceholder("Your question").fill("Do you sell bicycles?");
    await chat.getByPlaceholder("Your question").press("Enter");
    await expect
      .poll(() => log.locator(".bubble.host").allTextContents(), { timeout: 30_000 })
      .toEqual([
        "Ask me about the shop",
        "You said: When are refunds paid?",
        `Sources:[1] Shop handbook › Pricing › Refunds[2] ${siteUrl}/returns.txt`,
        "I could not find that in our help pages. Ask me something else?",
      ]);
    expect(page.problems).toEqual([]);
    await context.close();
  });
});
