import { describe, expect, it } from "vitest";
import { runBotTests } from "../../../src/services/bot-tests/run-bot-tests.js";
import { parseBotTestFile } from "../../../src/services/bot-tests/test-file.js";
import { engineBot, group, text } from "../../helpers/engine-bot.js";

/** Asks a question and answers it from a knowledge base; "No good match" apologises. */
const bot = engineBot({
  groups: [
    group("g-ask", [
      { id: "q", type: "text input", options: { variableId: "v-q" } },
      {
        id: "kb",
        type: "knowledge answer",
        items: [{ id: "no-match", outgoingEdgeId: "e-sorry" }],
        options: {
          knowledgeBaseId: "kb-1",
          threshold: 0.5,
          credentialsId: "c1",
          model: "gpt-4o-mini",
          sourcesVariableId: "v-sources",
        },
      },
    ]),
    group("g-sorry", [text("t-sorry", "Sorry, I do not know.")]),
  ],
  edges: [
    { id: "e-start", from: { eventId: "start" }, to: { groupId: "g-ask" } },
    { id: "e-sorry", from: { blockId: "kb", itemId: "no-match" }, to: { groupId: "g-sorry" } },
  ],
  variables: [
    { id: "v-q", name: "Question" },
    { id: "v-sources", name: "Sources" },
  ],
});

async function runOne(lines: string[]) {
  const file = parseBotTestFile(["conversations:", "  - name: case", ...lines].join("\n"), "case.yaml");
  return (await runBotTests(bot, file, "case.yaml")).conversations[0];
}

describe("parley test: knowledge fixtures", () => {
  it("give a knowledge block's search its passages; the answer and its sources are checked like any bubble", async () => {
    const result = await runOne([
      "    steps:",
      "      - { user: How long do refunds take? }",
      "      - { bot: 'Within 14 days [1].' }",
      '      - { bot: "Sources:\\n[1] Handbook › Refunds, p. 4" }',
      "    expect: { variables: { Sources: ['Handbook › Refunds (p. 4)'] } }",
      "    fixtures:",
      "      knowledge:",
      "        - hits: [{ document: Handbook, headings: [Refunds], page: 4, text: Refunds take 14 days., score: 0.9 }]",
      "      ai: [{ reply: 'Within 14 days [1].' }]",
    ]);
    expect(result?.failure).toBeUndefined();
    expect(result?.passed).toBe(true);
  });

  it("a passage under the threshold takes the No good match path", async () => {
    const result = await runOne([
      "    steps: [{ user: Mars? }, { bot: 'Sorry, I do not know.' }]",
      "    fixtures: { knowledge: [{ hits: [{ document: Handbook, text: Shipping., score: 0.2 }] }] }",
    ]);
    expect(result?.passed).toBe(true);
  });

  it("a search with no fixture left fails the step, naming the question", async () => {
    const result = await runOne(["    steps: [{ user: Refunds? }, { bot: 'Sorry, I do not know.' }]"]);
    expect(result?.passed).toBe(false);
    expect(JSON.stringify(result?.failure)).toContain(
      'No knowledge fixture left for the search of \\"Refunds?\\" in kb-1',
    );
  });
});
