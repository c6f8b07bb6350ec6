import { describe, expect, it } from "vitest";
import { parseChoiceReply } from "../../../src/engine/replies/choice.js";
import type { ChoiceReplyItem } from "../../../src/engine/replies/choice.js";

const reply = (text: string, replyId?: string) => ({ type: "text" as const, text, ...(replyId ? { replyId } : {}) });

const items: ChoiceReplyItem[] = [
  { id: "i1", content: "Yes", outgoingEdgeId: "e1" },
  { id: "i2", content: "No", outgoingEdgeId: "e2" },
  { id: "i3", content: "Maybe later", value: "later" },
];

describe("parseChoiceReply — single choice", () => {
  it("matches the content exactly and returns the item's edge", () => {
    expect(parseChoiceReply(reply("No"), { items })).toEqual({
      status: "success",
      content: "No",
      outgoingEdgeId: "e2",
    });
  });

  it("trims the reply and the content", () => {
    const padded = [{ id: "a", content: " Yes " }];
    expect(parseChoiceReply(reply("  Yes\n"), { items: padded })).toEqual({ status: "success", content: " Yes " });
  });

  it("is case-sensitive", () => {
    expect(parseChoiceReply(reply("yes"), { items })).toEqual({ status: "fail" });
  });

  it("matches the clicked button's replyId first", () => {
    expect(parseChoiceReply(reply("whatever", "i2"), { items })).toEqual({
      status: "success",
      content: "No",
      outgoingEdgeId: "e2",
    });
  });

  it("prefers the replyId over a content match on a duplicate label", () => {
    const twins = [
      { id: "a", content: "Same", outgoingEdgeId: "ea" },
      { id: "b", content: "Same", outgoingEdgeId: "eb" },
    ];
    expect(parseChoiceReply(reply("Same", "b"), { items: twins })).toEqual({
      status: "success",
      content: "Same",
      outgoingEdgeId: "eb",
    });
  });

  it("matches the item id", () => {
    expect(parseChoiceReply(reply("i1"), { items })).toEqual({
      status: "success",
      content: "Yes",
      outgoingEdgeId: "e1",
    });
  });

  it("saves the internal value instead of the content", () => {
    expect(parseChoiceReply(reply("Maybe later"), { items })).toEqual({ status: "success", content: "later" });
    expect(parseChoiceReply(reply(" later "), { items })).toEqual({ status: "success", content: "later" });
  });

  it("does not match by position", () => {
    expect(parseChoiceReply(reply("1"), { items })).toEqual({ status: "fail" });
  });

  it("does not match part of a label", () => {
    expect(parseChoiceReply(reply("Maybe"), { items })).toEqual({ status: "fail" });
  });

  it("tries longer labels first", () => {
    const overlapping = [
      { id: "short", content: "A", value: "A b" },
      { id: "long", content: "A b", outgoingEdgeId: "long-edge" },
    ];
    expect(parseChoiceReply(reply("A b"), { items: overlapping })).toEqual({
      status: "success",
      content: "A b",
      outgoingEdgeId: "long-edge",
    });
  });

  it("fails on an item without content or value", () => {
    expect(parseChoiceReply(reply("x"), { items: [{ id: "x" }] })).toEqual({ status: "fail" });
  });

  it("fails when no item matches", () => {
    expect(parseChoiceReply(reply("Perhaps"), { items })).toEqual({ status: "fail" });
    expect(parseChoiceReply(reply("Yes"), { items: [] })).toEqual({ status: "fail" });
  });

  it("fails when nothing was sent", () => {
    expect(parseChoiceReply(undefined, { items })).toEqual({ status: "fail" });
  });
});

describe("parseChoiceReply — multiple choice", () => {
  const multiple = (text: string, list: ChoiceReplyItem[] = items) =>
    parseChoiceReply(reply(text), { isMultipleChoice: true, items: list });

  it("matches by 1-based position", () => {
    expect(multiple("1, 3")).toEqual({ status: "success", content: "Yes, later" });
  });

  it("lists answers in display order and never returns an edge", () => {
    expect(multiple("No, Yes")).toEqual({ status: "success", content: "Yes, No" });
  });

  it("matches content case-insensitively as whole words", () => {
    expect(multiple("maybe LATER and yes")).toEqual({ status: "success", content: "Yes, later" });
  });

  it("matches internal values and ids", () => {
    expect(multiple("later + i2")).toEqual({ status: "success", content: "No, later" });
  });

  it("mixes content, position and id", () => {
    const list = [
      { id: "id1", content: "item" },
      { id: "id2", content: "second item" },
      { id: "id3", content: "third item" },
    ];
    expect(multiple("1 and second item, id3", list)).toEqual({
      status: "success",
      content: "item, second item, third item",
    });
  });

  it("does not let a shorter label match inside a longer one", () => {
    const list = [
      { id: "id1", content: "item" },
      { id: "id2", content: "second item" },
    ];
    expect(multiple("second item", list)).toEqual({ status: "success", content: "second item" });
    expect(multiple("2 and item", list)).toEqual({ status: "success", content: "item, second item" });
  });

  it("matches numeric labels before positions", () => {
    const list = ["6", "5", "4", "3", "2", "1"].map((content, index) => ({ id: `id${index}`, content }));
    expect(multiple("4, 2, 1", list)).toEqual({ status: "success", content: "4, 2, 1" });
  });

  it("trims dirty labels and input", () => {
    const list = [
      { id: "id1", content: "item\n" },
      { id: "id2", content: " second item " },
    ];
    expect(multiple(" item and second   item \n", list)).toEqual({ status: "success", content: "item, second item" });
  });

  it("does not match a label inside a longer word", () => {
    expect(multiple("tests", [{ id: "a", content: "test" }])).toEqual({ status: "fail" });
    expect(multiple("tests", [{ id: "a", content: "Just a few tests" }])).toEqual({ status: "fail" });
    expect(multiple("12", items)).toEqual({ status: "fail" });
  });

  it("treats accented and non-Latin letters as word characters", () => {
    expect(multiple("아이템", [{ id: "a", content: "아이템" }])).toEqual({ status: "success", content: "아이템" });
    expect(multiple("cafés", [{ id: "a", content: "café" }])).toEqual({ status: "fail" });
    expect(multiple("Un café, merci", [{ id: "a", content: "Café" }])).toEqual({ status: "success", content: "Café" });
  });

  it("treats regex characters in labels literally", () => {
    const list = [
      { id: "a", content: "C++" },
      { id: "b", content: "(none)" },
    ];
    expect(multiple("C++ and (none)", list)).toEqual({ status: "success", content: "C++, (none)" });
    expect(multiple("C", list)).toEqual({ status: "fail" });
  });

  it("does not match an item twice", () => {
    expect(multiple("Yes 1")).toEqual({ status: "success", content: "Yes" });
  });

  it("fails when nothing matches", () => {
    expect(multiple("Perhaps")).toEqual({ status: "fail" });
    expect(multiple("")).toEqual({ status: "fail" });
    expect(multiple("4")).toEqual({ status: "fail" });
  });

  it("fails when nothing was sent", () => {
    expect(parseChoiceReply(undefined, { isMultipleChoice: true, items })).toEqual({ status: "fail" });
  });
});
