import { describe, expect, it } from "vitest";
import { checkMissingSetup } from "../../../src/services/lint/missing-setup.js";
import { checkSilentEndings } from "../../../src/services/lint/silent-endings.js";
import { ask, flow, group, say } from "./lint-fixtures.js";

const NOTHING_FOLLOWS = "Nothing follows this input: after the visitor answers, the chat ends without a reply";
const variables = [{ id: "v1", name: "Question" }];
const answer = (options: Record<string, unknown>, noMatchEdgeId?: string) => ({
  id: "b-kb",
  type: "knowledge answer",
  items: [{ id: "i-no-match", ...(noMatchEdgeId ? { outgoingEdgeId: noMatchEdgeId } : {}) }],
  options,
});
const ready = { knowledgeBaseId: "kb-1", provider: "openai", credentialsId: "c1", model: "gpt-4o-mini" };

describe("knowledge blocks before publishing", () => {
  it("names a knowledge answer without base, credentials or model, and a search without base", () => {
    const doc = flow({
      groups: [
        group("g1", [
          answer({ provider: "anthropic" }),
          { id: "b-search", type: "search knowledge", options: { query: "{{Question}}" } },
          { ...answer(ready), id: "b-ready" },
          { id: "b-search-ready", type: "search knowledge", options: { knowledgeBaseId: "kb-1" } },
        ]),
      ],
    });
    const at = { severity: "error", groupId: "g1" };
    expect(checkMissingSetup(doc)).toEqual([
      { ...at, blockId: "b-kb", message: "Knowledge answer has no knowledge base: pick one in the block's settings" },
      {
        ...at,
        blockId: "b-kb",
        message: "Knowledge answer has no credentials: pick or add them in the block's settings",
      },
      { ...at, blockId: "b-kb", message: "Knowledge answer has no model: choose the model that answers" },
      {
        ...at,
        blockId: "b-search",
        message: "Search knowledge has no knowledge base: pick one in the block's settings",
      },
    ]);
  });

  it("a question answered from knowledge is a reply; its No good match path must still lead to one", () => {
    const answered = flow({
      groups: [
        group("g1", [say("b1", "Ask me"), ask("b2", "v1"), answer(ready, "e-sorry")]),
        group("g2", [say("b3", "Sorry, I do not know")]),
      ],
      edges: [{ id: "e-sorry", from: { blockId: "b-kb", itemId: "i-no-match" }, to: { groupId: "g2" } }],
      variables,
    });
    expect(checkSilentEndings(answered)).toEqual([]);

    const silentNoMatch = flow({
      groups: [group("g1", [say("b1", "Ask me"), ask("b2", "v1"), answer(ready)])],
      variables,
    });
    expect(checkSilentEndings(silentNoMatch)).toEqual([
      { severity: "warning", groupId: "g1", blockId: "b2", message: NOTHING_FOLLOWS },
    ]);
  });
});
