import { describe, expect, it } from "vitest";
import { substituteRichText } from "../../../src/engine/rich-text/substitute-rich-text.js";
import type { RichTextElement } from "../../../src/engine/rich-text/types.js";
import type { VariableLike } from "../../../src/engine/variables/types.js";

const variables: VariableLike[] = [
  { id: "v1", name: "Name", value: "John" },
  { id: "v2", name: "Rich", value: "**big** and [site](https://x.io)" },
  { id: "v3", name: "Multi", value: "Multiline\n\nvariable\n**value**" },
  { id: "v4", name: "URL", value: "https://example.com?test=test&val=val" },
  { id: "v5", name: "List", value: ["a", "b"] },
  { id: "v6", name: "Empty", value: null },
  { id: "v7", name: "Bullets", value: "Pick:\n- one\n- two" },
];

const freeze = <T>(value: T): T => {
  if (value && typeof value === "object") {
    for (const item of Object.values(value)) freeze(item);
    Object.freeze(value);
  }
  return value;
};

const run = (elements: RichTextElement[], vars: VariableLike[] = variables) =>
  substituteRichText(freeze(elements), vars);

describe("substituteRichText", () => {
  it("substitutes a plain value inside a leaf and keeps the leaf's other fields", () => {
    expect(run([{ type: "p", children: [{ text: "Hello {{Name}}!", color: "red" }] }])).toEqual([
      { type: "p", children: [{ text: "Hello ", color: "red" }, { text: "John" }, { text: "!", color: "red" }] },
    ]);
  });

  it("returns leaves without variables as they are", () => {
    const leaf = { text: "no variables", bold: true };
    const [paragraph] = run([{ type: "p", children: [leaf] }]);
    expect(paragraph.children).toEqual([{ text: "no variables", bold: true }]);
  });

  it("does not read author-written text as markdown, and merges leaves that share their marks", () => {
    expect(run([{ type: "p", children: [{ text: "**{{Name}}**" }] }])).toEqual([
      { type: "p", children: [{ text: "**John**" }] },
    ]);
  });

  it("converts markdown in a value, inheriting the leaf's styles", () => {
    expect(run([{ type: "p", children: [{ text: "Look: {{Rich}}", italic: true, underline: true }] }])).toEqual([
      {
        type: "p",
        children: [
          { text: "Look: ", italic: true, underline: true },
          { italic: true, underline: true, bold: true, text: "big" },
          { italic: true, underline: true, text: " and " },
          { type: "a", url: "https://x.io", children: [{ italic: true, underline: true, text: "site" }] },
        ],
      },
    ]);
  });

  it("flattens a multi-paragraph value placed mid-line (blank line becomes \\n\\n)", () => {
    expect(run([{ type: "p", children: [{ text: "Hello {{Multi}}!" }] }])).toEqual([
      {
        type: "p",
        children: [{ text: "Hello Multiline\n\nvariable\n" }, { bold: true, text: "value" }, { text: "!" }],
      },
    ]);
  });

  it("flattens a list value mid-line, one item per line", () => {
    expect(run([{ type: "p", children: [{ text: "> {{Bullets}}" }] }])).toEqual([
      {
        type: "p",
        children: [{ text: "> Pick:\none\ntwo" }],
      },
    ]);
  });

  it("replaces a paragraph holding only a variable by the value's blocks", () => {
    expect(run([{ type: "p", children: [{ text: "{{Multi}}" }] }])).toEqual([
      { type: "p", children: [{ text: "Multiline" }] },
      { type: "p", children: [{ text: "" }] },
      { type: "p", children: [{ text: "variable\n" }, { bold: true, text: "value" }] },
    ]);
  });

  it("keeps list blocks of a standalone value", () => {
    expect(run([{ type: "p", children: [{ text: "{{Bullets}}" }] }])).toEqual([
      { type: "p", children: [{ text: "Pick:" }] },
      {
        type: "ul",
        children: [
          { type: "li", children: [{ type: "lic", children: [{ text: "one" }] }] },
          { type: "li", children: [{ type: "lic", children: [{ text: "two" }] }] },
        ],
      },
    ]);
  });

  it("applies a styled standalone leaf's marks to the value's blocks", () => {
    expect(run([{ type: "p", children: [{ text: "{{Name}}", bold: true }] }])).toEqual([
      { type: "p", children: [{ bold: true, text: "John" }] },
    ]);
  });

  it("keeps an empty paragraph for a standalone variable without value", () => {
    expect(run([{ type: "p", children: [{ text: "{{Empty}}" }] }])).toEqual([{ type: "p", children: [{ text: "" }] }]);
  });

  it("writes list values as JSON text", () => {
    expect(run([{ type: "p", children: [{ text: "L={{List}}" }] }])).toEqual([
      { type: "p", children: [{ text: 'L=["a","b"]' }] },
    ]);
  });

  it("templates link URLs and link text, without nesting links", () => {
    expect(
      run([
        {
          type: "p",
          children: [{ text: "" }, { type: "a", url: "{{URL}}", children: [{ text: "Go {{Rich}}" }] }, { text: "" }],
        },
      ]),
    ).toEqual([
      {
        type: "p",
        children: [
          { text: "" },
          {
            type: "a",
            url: "https://example.com?test=test&val=val",
            children: [{ text: "Go " }, { bold: true, text: "big" }, { text: " and site" }],
          },
          { text: "" },
        ],
      },
    ]);
  });

  it("substitutes inside nested list items without breaking the list", () => {
    const list: RichTextElement = {
      type: "ul",
      children: [{ type: "li", children: [{ type: "lic", children: [{ text: "{{Name}}" }] }] }],
    };
    expect(run([list])).toEqual([
      { type: "ul", children: [{ type: "li", children: [{ type: "lic", children: [{ text: "John" }] }] }] },
    ]);
  });

  it("uses evaluateInline for {{= =}} expressions", () => {
    const result = substituteRichText([{ type: "p", children: [{ text: "Sum: {{= 1 + 1 =}}" }] }], variables, {
      evaluateInline: () => "2",
    });
    expect(result).toEqual([{ type: "p", children: [{ text: "Sum: 2" }] }]);
  });

  it("leaves a missing variable as nothing", () => {
    expect(run([{ type: "p", children: [{ text: "a{{Nope}}b" }] }])).toEqual([
      { type: "p", children: [{ text: "ab" }] },
    ]);
  });
});
