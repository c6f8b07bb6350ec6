import { describe, expect, it } from "vitest";
import { parsePictureChoiceReply } from "../../../src/engine/replies/picture-choice.js";
import type { PictureChoiceReplyItem } from "../../../src/engine/replies/picture-choice.js";

const reply = (text: string, replyId?: string) => ({ type: "text" as const, text, ...(replyId ? { replyId } : {}) });

const items: PictureChoiceReplyItem[] = [
  { id: "p1", title: "Cat", pictureSrc: "https://img.io/cat.png", outgoingEdgeId: "e1" },
  { id: "p2", title: "Dog", pictureSrc: "https://img.io/dog.png", value: "canine", outgoingEdgeId: "e2" },
  { id: "p3", pictureSrc: "https://img.io/bird.png" },
];

describe("parsePictureChoiceReply — single choice", () => {
  it("matches the title and returns the item's edge", () => {
    expect(parsePictureChoiceReply(reply("Cat"), { items })).toEqual({
      status: "success",
      content: "Cat",
      outgoingEdgeId: "e1",
    });
  });

  it("saves the internal value instead of the title", () => {
    expect(parsePictureChoiceReply(reply("Dog"), { items })).toEqual({
      status: "success",
      content: "canine",
      outgoingEdgeId: "e2",
    });
  });

  it("names an untitled picture by its URL", () => {
    expect(parsePictureChoiceReply(reply("https://img.io/bird.png"), { items })).toEqual({
      status: "success",
      content: "https://img.io/bird.png",
    });
  });

  it("matches the replyId and the item id", () => {
    expect(parsePictureChoiceReply(reply("anything", "p1"), { items })).toMatchObject({ content: "Cat" });
    expect(parsePictureChoiceReply(reply("p3"), { items })).toEqual({
      status: "success",
      content: "https://img.io/bird.png",
    });
  });

  it("is case-sensitive and has no position matching", () => {
    expect(parsePictureChoiceReply(reply("cat"), { items })).toEqual({ status: "fail" });
    expect(parsePictureChoiceReply(reply("1"), { items })).toEqual({ status: "fail" });
  });

  it("fails when nothing was sent", () => {
    expect(parsePictureChoiceReply(undefined, { items })).toEqual({ status: "fail" });
  });
});

describe("parsePictureChoiceReply — multiple choice", () => {
  const multiple = (text: string) => parsePictureChoiceReply(reply(text), { isMultipleChoice: true, items });

  it("matches titles, values and positions, in display order", () => {
    expect(multiple("3 and cat")).toEqual({ status: "success", content: "Cat, https://img.io/bird.png" });
    expect(multiple("canine, 1")).toEqual({ status: "success", content: "Cat, canine" });
  });

  it("fails when nothing matches", () => {
    expect(multiple("horse")).toEqual({ status: "fail" });
  });
});
