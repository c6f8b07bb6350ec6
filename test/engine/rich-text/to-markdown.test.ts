import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { substituteRichText } from "../../../src/engine/rich-text/substitute-rich-text.js";
import { richTextToMarkdown } from "../../../src/engine/rich-text/to-markdown.js";
import type { RichTextElement } from "../../../src/engine/rich-text/types.js";

const p = (...children: RichTextElement["children"]): RichTextElement => ({ type: "p", children });
const li = (text: string, ...nested: RichTextElement[]): RichTextElement => ({
  type: "li",
  children: [{ type: "lic", children: [{ text }] }, ...nested],
});

describe("richTextToMarkdown", () => {
  it("writes bold as ** and does not escape text", () => {
    expect(richTextToMarkdown([p({ text: "1) " }, { bold: true, text: "Hello world <3" })])).toBe(
      "1) **Hello world <3**",
    );
  });

  it("writes italic as _ and drops underline", () => {
    expect(
      richTextToMarkdown([p({ italic: true, text: "it" }, { text: " " }, { underline: true, text: "under" })]),
    ).toBe("_it_ under");
  });

  it("writes one line per paragraph and a blank line for an empty paragraph", () => {
    expect(richTextToMarkdown([p({ text: "Hello" }), p({ text: "" }), p({ text: "World" })])).toBe("Hello\n\nWorld");
    expect(richTextToMarkdown([p({ text: "a" }), p({ text: "b" })])).toBe("a\nb");
  });

  it("gives an empty string for no content", () => {
    expect(richTextToMarkdown([])).toBe("");
    expect(richTextToMarkdown([p({ text: "" })])).toBe("");
  });

  it("keeps line breaks inside text", () => {
    expect(richTextToMarkdown([p({ text: "a\nb" })])).toBe("a\nb");
  });

  it("nests marks instead of closing and reopening them", () => {
    const leaves = [
      { bold: true, text: "a " },
      { bold: true, italic: true, text: "b" },
      { bold: true, text: " c" },
    ];
    expect(richTextToMarkdown([p(...leaves)])).toBe("**a _b_ c**");
  });

  it("merges neighbouring leaves with the same marks", () => {
    expect(richTextToMarkdown([p({ bold: true, text: "ab" }, { bold: true, text: "cd" })])).toBe("**abcd**");
  });

  it("moves edge whitespace outside the delimiters", () => {
    expect(richTextToMarkdown([p({ text: "x" }, { bold: true, text: " bold " }, { text: "y" })])).toBe("x **bold** y");
    expect(
      richTextToMarkdown([p({ bold: true, text: "a" }, { bold: true, text: "   " }, { italic: true, text: "b" })]),
    ).toBe("**a**   _b_");
  });

  it("writes code marks with backticks and never nests marks inside code", () => {
    expect(richTextToMarkdown([p({ code: true, text: "x" }, { code: true, bold: true, text: "y" })])).toBe(
      "`x`**`y`**",
    );
  });

  it("writes links as [text](url), or the bare URL when the text is empty or the URL", () => {
    expect(
      richTextToMarkdown([
        p({ text: "" }, { type: "a", url: "https://x.io", children: [{ text: "Yo" }] }, { text: "" }),
      ]),
    ).toBe("[Yo](https://x.io)");
    expect(richTextToMarkdown([p({ type: "a", url: "https://x.io", children: [{ text: "" }] })])).toBe("https://x.io");
    expect(richTextToMarkdown([p({ type: "a", url: "https://x.io", children: [{ text: "https://x.io" }] })])).toBe(
      "https://x.io",
    );
    expect(richTextToMarkdown([p({ type: "a", url: "u", children: [{ bold: true, text: "b" }] })])).toBe("[**b**](u)");
    expect(richTextToMarkdown([p({ type: "a", children: [{ text: "no url" }] })])).toBe("no url");
  });

  it("closes marks around a link", () => {
    expect(
      richTextToMarkdown([
        p(
          { bold: true, text: "a" },
          { type: "a", url: "u", children: [{ bold: true, text: "l" }] },
          { bold: true, text: "c" },
        ),
      ]),
    ).toBe("**a**[**l**](u)**c**");
  });

  it("writes lists with - and numbered markers, nested lists indented", () => {
    const ordered: RichTextElement = {
      type: "ol",
      children: [li("One"), li("Two", { type: "ul", children: [li("Sub")] })],
    };
    const bullets: RichTextElement = { type: "ul", children: [li("A")] };
    const markdown = richTextToMarkdown([p({ text: "Intro" }), ordered, bullets, p({ italic: true, text: "after" })]);
    expect(markdown).toBe("Intro\n1. One\n2. Two\n   - Sub\n\n- A\n_after_");
  });

  it("writes headings with # markers", () => {
    expect(richTextToMarkdown([{ type: "h2", children: [{ text: "Title" }] }])).toBe("## Title");
  });

  it("reads unknown containers and stray top-level leaves", () => {
    expect(
      richTextToMarkdown([{ type: "blockquote", children: [p({ text: "a" }), p({ text: "b" })] }, { text: "loose" }]),
    ).toBe("a\nb\nloose");
  });

  it("matches the reference output after substitution", () => {
    const richText: RichTextElement[] = [
      p({ text: "Welcome to " }, { bold: true, text: "AA" }, { text: " (Awesome Agency)" }),
      p({ text: "" }),
      p({ text: "{{URL}}" }),
      p({ text: "" }),
      p({ text: "" }, { type: "a", url: "{{URL}}", children: [{ text: "Yo" }] }, { text: "" }),
    ];
    const url = "https://example.com?test=test&val=val";
    const parsed = substituteRichText(richText, [{ id: "1", name: "URL", value: url }]);
    expect(richTextToMarkdown(parsed)).toBe(`Welcome to **AA** (Awesome Agency)\n\n${url}\n\n[Yo](${url})`);
  });

  it("round-trips a markdown value through substitution", () => {
    const variables = [{ id: "1", name: "Name", value: "Multiline\n\nvariable\n**value**" }];
    expect(richTextToMarkdown(substituteRichText([p({ text: "Hello {{Name}}!" })], variables))).toBe(
      "Hello Multiline\n\nvariable\n**value**!",
    );
    const content = [{ id: "1", name: "Content", value: "Hello World\n\n**valid markdown here**" }];
    expect(richTextToMarkdown(substituteRichText([p({ text: "{{Content}}" })], content))).toBe(
      "Hello World\n\n**valid markdown here**",
    );
  });
});

describe("richTextToMarkdown: long values", () => {
  it("keeps spaces at the edges of marks outside them, as the regular expression it replaces read them", () => {
    const character = fc.constantFrom(..." \t\n\u00a0\u2003ab*".split(""));
    fc.assert(
      fc.property(
        fc.array(character, { maxLength: 20 }).map((chars) => chars.join("")),
        (text) => {
          const [, leading = "", core = "", trailing = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
          const expected = core === "" ? text : `${leading}**${core}**${trailing}`;
          expect(richTextToMarkdown([p({ bold: true, text })])).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("writes a bubble holding a 400,000-space run between two words (quadratic before: minutes)", () => {
    const gap = " ".repeat(400_000);
    expect(richTextToMarkdown([p({ bold: true, text: `Hello${gap}world  ` })])).toBe(`**Hello${gap}world**  `);
  });

  it("writes a 250 KB value given to a text bubble in markdown format whole", () => {
    const value = "Dear **customer**, your order _123_ is on its way.\n".repeat(5_000);
    const markdown = richTextToMarkdown(
      substituteRichText([p({ text: "{{Letter}}" })], [{ id: "v1", name: "Letter", value }]),
    );
    const lines = markdown.split("\n");
    expect(lines).toHaveLength(5_000);
    expect(new Set(lines)).toEqual(new Set(["Dear **customer**, your order _123_ is on its way."]));
  });
});
