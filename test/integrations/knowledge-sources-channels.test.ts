import { describe, expect, it } from "vitest";
import { answeredOutcome } from "../../src/engine/blocks/integrations/knowledge/knowledge-answer.js";
import type { KnowledgeHit } from "../../src/engine/ports.js";
import type { KnowledgeAnswerBlock } from "../../src/schemas/blocks/index.js";
import { telegramCalls } from "../../src/integrations/channels/telegram/telegram-client.js";
import { whatsAppMessages } from "../../src/integrations/channels/whatsapp/whatsapp-client.js";
import { replyParts } from "../../src/services/channels/reply-parts.js";

const hits: KnowledgeHit[] = [
  {
    chunkId: "c1",
    documentId: "d1",
    documentName: "Handbook.pdf",
    headingPath: ["Refunds"],
    page: 4,
    text: "Refunds are paid within 14 days.",
    score: 0.9,
  },
  {
    chunkId: "c2",
    documentId: "d2",
    documentName: "FAQ",
    url: "https://help.example.com/faq",
    headingPath: [],
    text: "Refunds go to the card used.",
    score: 0.8,
  },
];
const block: KnowledgeAnswerBlock = { id: "kb", type: "knowledge answer", items: [{ id: "no-match" }] };
const state = { variables: [] } as never;

/** The parts a chat app gets for a knowledge answer: the answer, then its sources as lines of text. */
function appParts(answer: string) {
  const outcome = answeredOutcome(block, answer, hits, { state, format: "richText" });
  const messages = (outcome.bubbles ?? []).map((shown) => shown.bubble);
  return replyParts({ messages }, "n1").parts;
}

describe("a knowledge answer's sources in chat apps", () => {
  it("WhatsApp: the answer, then one plain line per cited source, a web page's address beside its name", () => {
    const [answer, sources] = appParts("Within 14 days [1], back to your card [2].").map(whatsAppMessages);
    expect(answer).toEqual([{ type: "text", text: { body: "Within 14 days [1], back to your card [2]." } }]);
    expect(sources).toEqual([
      {
        type: "text",
        text: { body: "*Sources:*\n[1] Handbook.pdf › Refunds, p. 4\n[2] FAQ (https://help.example.com/faq)" },
      },
    ]);
  });

  it("Telegram: the sources as lines, a web page's name linking to it", () => {
    const [, sources] = appParts("Back to your card [2].");
    expect(telegramCalls(sources as never)).toEqual([
      {
        method: "sendMessage",
        body: expect.objectContaining({
          text: '<b>Sources:</b>\n[2] <a href="https://help.example.com/faq">FAQ</a>',
          parse_mode: "HTML",
        }),
      },
    ]);
  });
});
