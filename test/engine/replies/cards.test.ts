import { describe, expect, it } from "vitest";
import { parseCardsReply } from "../../../src/engine/replies/cards.js";
import type { CardReplyItem } from "../../../src/engine/replies/cards.js";

const reply = (text: string, replyId?: string) => ({ type: "text" as const, text, ...(replyId ? { replyId } : {}) });

const items: CardReplyItem[] = [
  {
    id: "c1",
    title: "Basic plan",
    description: "For starters",
    imageUrl: "https://img.io/basic.png",
    options: { internalValue: "basic" },
    paths: [
      { id: "c1-buy", text: "Buy", outgoingEdgeId: "e-buy-basic" },
      { id: "c1-info", text: "More info", outgoingEdgeId: "e-info-basic" },
    ],
  },
  {
    id: "c2",
    title: "Pro plan",
    paths: [{ id: "c2-buy", text: "Buy" }],
  },
  { id: "c3", imageUrl: "https://img.io/only-image.png", paths: [{ id: "c3-go", outgoingEdgeId: "e3" }] },
];

describe("parseCardsReply", () => {
  it("matches a button id sent as text", () => {
    expect(parseCardsReply(reply("c1-info"), { items })).toEqual({
      status: "success",
      content: "Basic plan",
      outgoingEdgeId: "e-info-basic",
    });
  });

  it("matches the clicked button's replyId", () => {
    expect(parseCardsReply(reply("Buy", "c1-buy"), { items })).toEqual({
      status: "success",
      content: "Basic plan",
      outgoingEdgeId: "e-buy-basic",
    });
  });

  it("matches a title case-insensitively and uses its first button", () => {
    expect(parseCardsReply(reply("  basic PLAN "), { items })).toEqual({
      status: "success",
      content: "Basic plan",
      outgoingEdgeId: "e-buy-basic",
    });
  });

  it("returns no edge when the button has none", () => {
    expect(parseCardsReply(reply("c2-buy"), { items })).toEqual({ status: "success", content: "Pro plan" });
  });

  it("answers with the image URL of an untitled card", () => {
    expect(parseCardsReply(reply("c3-go"), { items })).toEqual({
      status: "success",
      content: "https://img.io/only-image.png",
      outgoingEdgeId: "e3",
    });
  });

  it("fails on a card with neither title nor image", () => {
    expect(parseCardsReply(reply("x-go"), { items: [{ id: "x", paths: [{ id: "x-go" }] }] })).toEqual({
      status: "fail",
    });
  });

  it("fails when nothing matches", () => {
    expect(parseCardsReply(reply("Enterprise plan"), { items })).toEqual({ status: "fail" });
    expect(parseCardsReply(reply("Basic"), { items })).toEqual({ status: "fail" });
  });

  it("fails when nothing was sent", () => {
    expect(parseCardsReply(undefined, { items })).toEqual({ status: "fail" });
  });

  describe("response mapping", () => {
    const saveResponseMapping = [
      { field: "Image URL" as const, variableId: "v-img" },
      { field: "Title" as const, variableId: "v-title" },
      { field: "Description" as const, variableId: "v-desc" },
      { field: "Button" as const, variableId: "v-button" },
      { field: "Internal Value" as const, variableId: "v-internal" },
    ];

    it("writes every mapped field of the chosen card and button", () => {
      expect(parseCardsReply(reply("c1-info"), { items, saveResponseMapping })).toEqual({
        status: "success",
        content: "Basic plan",
        outgoingEdgeId: "e-info-basic",
        variablesToUpdate: [
          { variableId: "v-img", value: "https://img.io/basic.png" },
          { variableId: "v-title", value: "Basic plan" },
          { variableId: "v-desc", value: "For starters" },
          { variableId: "v-button", value: "More info" },
          { variableId: "v-internal", value: "basic" },
        ],
      });
    });

    it("skips fields the card does not have and clears null ones", () => {
      const card = { id: "n", title: "Null desc", description: null, paths: [{ id: "n-go" }] };
      expect(parseCardsReply(reply("n-go"), { items: [card], saveResponseMapping })).toEqual({
        status: "success",
        content: "Null desc",
        variablesToUpdate: [
          { variableId: "v-title", value: "Null desc" },
          { variableId: "v-desc", value: null },
        ],
      });
    });

    it("ignores incomplete mapping rows and omits an empty update list", () => {
      const incomplete = [{ field: "Title" as const }, { variableId: "v-x" }];
      expect(parseCardsReply(reply("c2-buy"), { items, saveResponseMapping: incomplete })).toEqual({
        status: "success",
        content: "Pro plan",
      });
    });
  });
});
