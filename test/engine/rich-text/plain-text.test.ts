import { describe, expect, it } from "vitest";
import { richTextToPlainText } from "../../../src/engine/rich-text/plain-text.js";

describe("richTextToPlainText", () => {
  it("joins leaves of a paragraph and drops marks", () => {
    expect(richTextToPlainText([{ type: "p", children: [{ text: "Hello " }, { text: "you", bold: true }] }])).toBe(
      "Hello you",
    );
  });

  it("puts each paragraph on its own line, empty ones as empty lines", () => {
    expect(
      richTextToPlainText([
        { type: "p", children: [{ text: "a" }] },
        { type: "p", children: [{ text: "" }] },
        { type: "p", children: [{ text: "b" }] },
      ]),
    ).toBe("a\n\nb");
  });

  it("shows links by their text, or their URL when the text is empty", () => {
    expect(
      richTextToPlainText([
        {
          type: "p",
          children: [
            { type: "a", url: "https://x.io", children: [{ text: "site" }] },
            { text: " / " },
            { type: "a", url: "https://y.io", children: [{ text: "" }] },
          ],
        },
      ]),
    ).toBe("site / https://y.io");
  });

  it("puts each list item on its own line, nested ones included", () => {
    expect(
      richTextToPlainText([
        {
          type: "ul",
          children: [
            {
              type: "li",
              children: [
                { type: "lic", children: [{ text: "one" }] },
                { type: "ol", children: [{ type: "li", children: [{ type: "lic", children: [{ text: "sub" }] }] }] },
              ],
            },
            { type: "li", children: [{ type: "lic", children: [{ text: "two" }] }] },
          ],
        },
      ]),
    ).toBe("one\nsub\ntwo");
  });

  it("gives an empty string for no content", () => {
    expect(richTextToPlainText([])).toBe("");
  });
});
