import { describe, expect, it } from "vitest";
import { parseTextReply, textAnswerContent } from "../../../src/engine/replies/text.js";

describe("parseTextReply", () => {
  it("accepts any text as is", () => {
    expect(parseTextReply({ type: "text", text: "  Hello World " })).toEqual({
      status: "success",
      content: "  Hello World ",
    });
  });

  it("accepts an empty text", () => {
    expect(parseTextReply({ type: "text", text: "" })).toEqual({ status: "success", content: "" });
  });

  it("keeps the text as content when files are attached", () => {
    const reply = { type: "text" as const, text: "See attached", attachedFileUrls: ["https://a.io/1.png"] };
    expect(parseTextReply(reply)).toEqual({ status: "success", content: "See attached" });
  });

  it("fails when nothing was sent", () => {
    expect(parseTextReply(undefined)).toEqual({ status: "fail" });
  });
});

describe("textAnswerContent", () => {
  it("is the text alone without attachments", () => {
    expect(textAnswerContent("hi")).toBe("hi");
    expect(textAnswerContent("hi", [])).toBe("hi");
  });

  it("puts attachment URLs first, then a blank line, then the text", () => {
    expect(textAnswerContent("hi", ["https://a.io/1.png", "https://a.io/2.pdf"])).toBe(
      "https://a.io/1.png, https://a.io/2.pdf\n\nhi",
    );
  });
});
