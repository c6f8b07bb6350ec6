import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { markdownToRichText, parseMarkdown } from "../../../src/engine/rich-text/markdown-to-rich-text.js";
import { isRichTextLeaf, type RichTextElement } from "../../../src/engine/rich-text/types.js";

const p = (...children: unknown[]) => ({ type: "p", children });
const empty = () => p({ text: "" });

describe("markdownToRichText: blocks", () => {
  it("turns plain text into one paragraph", () => {
    expect(markdownToRichText("Hello, world!")).toEqual([p({ text: "Hello, world!" })]);
  });

  it("gives nothing for an empty or blank value", () => {
    expect(markdownToRichText("")).toEqual([]);
    expect(markdownToRichText(" \n\n ")).toEqual([]);
  });

  it("adds one empty paragraph per blank line between blocks", () => {
    expect(markdownToRichText("Hello\n\nWorld")).toEqual([p({ text: "Hello" }), empty(), p({ text: "World" })]);
    expect(markdownToRichText("Hello\n\n\nWorld")).toEqual([
      p({ text: "Hello" }),
      empty(),
      empty(),
      p({ text: "World" }),
    ]);
  });

  it("ignores blank lines before the first and after the last block", () => {
    expect(markdownToRichText("\n\nHello\n\n")).toEqual([p({ text: "Hello" })]);
  });

  it("keeps a single line break inside the paragraph", () => {
    expect(markdownToRichText("**Bold**\nText")).toEqual([p({ bold: true, text: "Bold" }, { text: "\nText" })]);
  });

  it("normalises CRLF and drops indentation and trailing spaces of lines", () => {
    expect(markdownToRichText("  one  \r\n   two\\\r\nthree ")).toEqual([p({ text: "one\ntwo\nthree" })]);
  });

  it("keeps headings and quotes as written", () => {
    expect(markdownToRichText("# Title\n> quote")).toEqual([p({ text: "# Title\n> quote" })]);
  });
});

describe("markdownToRichText: lists", () => {
  const li = (...children: unknown[]) => ({ type: "li", children: [{ type: "lic", children }] });

  it("reads bullet lists", () => {
    expect(markdownToRichText("- one\n* two\n+ **three**")).toEqual([
      { type: "ul", children: [li({ text: "one" }), li({ text: "two" }), li({ bold: true, text: "three" })] },
    ]);
  });

  it("reads ordered lists", () => {
    expect(markdownToRichText("1. one\n2) two")).toEqual([
      { type: "ol", children: [li({ text: "one" }), li({ text: "two" })] },
    ]);
  });

  it("nests indented items", () => {
    expect(markdownToRichText("- a\n  - b\n  - c\n- d")).toEqual([
      {
        type: "ul",
        children: [
          {
            type: "li",
            children: [
              { type: "lic", children: [{ text: "a" }] },
              { type: "ul", children: [li({ text: "b" }), li({ text: "c" })] },
            ],
          },
          li({ text: "d" }),
        ],
      },
    ]);
  });

  it("starts a new list when the marker kind changes", () => {
    expect(markdownToRichText("- a\n1. b")).toEqual([
      { type: "ul", children: [li({ text: "a" })] },
      { type: "ol", children: [li({ text: "b" })] },
    ]);
  });

  it("lets a list interrupt a paragraph and keeps blank lines around it", () => {
    expect(markdownToRichText("Choose:\n- a\n- b\n\nThanks")).toEqual([
      p({ text: "Choose:" }),
      { type: "ul", children: [li({ text: "a" }), li({ text: "b" })] },
      empty(),
      p({ text: "Thanks" }),
    ]);
  });

  it("keeps a loose list (blank lines between items) as one list", () => {
    expect(markdownToRichText("- a\n\n- b")).toEqual([
      { type: "ul", children: [li({ text: "a" }), li({ text: "b" })] },
    ]);
  });

  it("appends a lazy continuation line to the item", () => {
    expect(markdownToRichText("- a\ncontinued")).toEqual([{ type: "ul", children: [li({ text: "a\ncontinued" })] }]);
  });

  it("does not read a number inside a paragraph as a list", () => {
    expect(markdownToRichText("Born in\n1984. Really")).toEqual([p({ text: "Born in\n1984. Really" })]);
  });

  it("does not read bold or rules at line start as lists", () => {
    expect(markdownToRichText("**a** b")).toEqual([p({ bold: true, text: "a" }, { text: " b" })]);
    expect(markdownToRichText("---")).toEqual([p({ text: "---" })]);
  });
});

describe("markdownToRichText: inline", () => {
  it("reads bold and italic with both delimiters", () => {
    expect(markdownToRichText("**b** __b__ *i* _i_")).toEqual([
      p(
        { bold: true, text: "b" },
        { text: " " },
        { bold: true, text: "b" },
        { text: " " },
        { italic: true, text: "i" },
        { text: " " },
        { italic: true, text: "i" },
      ),
    ]);
  });

  it("nests bold and italic", () => {
    expect(markdownToRichText("***both*** and **bold _in_ it**")).toEqual([
      p(
        { italic: true, bold: true, text: "both" },
        { text: " and " },
        { bold: true, text: "bold " },
        { bold: true, italic: true, text: "in" },
        { bold: true, text: " it" },
      ),
    ]);
  });

  it("leaves unmatched and intraword underscores as text", () => {
    expect(markdownToRichText("snake_case_name and 2 * 3 and **open")).toEqual([
      p({ text: "snake_case_name and 2 * 3 and **open" }),
    ]);
  });

  it("reads intraword stars as emphasis", () => {
    expect(markdownToRichText("un*frigging*believable")).toEqual([
      p({ text: "un" }, { italic: true, text: "frigging" }, { text: "believable" }),
    ]);
  });

  it("reads links with marks inside and around", () => {
    expect(markdownToRichText("See [the **docs**](https://x.io/a_(b)?q=1&r=2) now")).toEqual([
      p(
        { text: "See " },
        { type: "a", url: "https://x.io/a_(b)?q=1&r=2", children: [{ text: "the " }, { bold: true, text: "docs" }] },
        { text: " now" },
      ),
    ]);
    expect(markdownToRichText("**[x](u)**")).toEqual([
      p({ type: "a", url: "u", children: [{ bold: true, text: "x" }] }),
    ]);
  });

  it("reads angle-bracket destinations, titles and autolinks", () => {
    expect(markdownToRichText('[a](<u v> "t") <https://x.io>')).toEqual([
      p(
        { type: "a", url: "u v", children: [{ text: "a" }] },
        { text: " " },
        { type: "a", url: "https://x.io", children: [{ text: "https://x.io" }] },
      ),
    ]);
  });

  it("keeps broken link syntax and bare URLs as text", () => {
    expect(markdownToRichText("[a] (b) [c](d e f) https://x.io")).toEqual([
      p({ text: "[a] (b) [c](d e f) https://x.io" }),
    ]);
  });

  it("honours backslash escapes", () => {
    expect(markdownToRichText("\\*not\\* \\[x\\](y) a\\b")).toEqual([p({ text: "*not* [x](y) a\\b" })]);
  });

  it("reads code spans without interpreting their content", () => {
    expect(markdownToRichText("run `a *b* c` or `` x`y ``")).toEqual([
      p({ text: "run " }, { code: true, text: "a *b* c" }, { text: " or " }, { code: true, text: "x`y" }),
    ]);
  });
});

describe("markdownToRichText: hostile values", () => {
  // No time limit here (timings belong in bench/): a reading that went quadratic on these would take
  // minutes and run into the test's own timeout.
  it("reads long runs of delimiters, brackets and backticks in one pass each", () => {
    const read = (input: string) => {
      const blocks = markdownToRichText(input);
      const leaves = blocks.flatMap((block) => block.children).filter(isRichTextLeaf);
      return {
        blocks: blocks.length,
        text: leaves.map((leaf) => leaf.text).join(""),
        italic: leaves.filter((leaf) => leaf.italic).length,
        code: leaves.filter((leaf) => leaf.code).length,
      };
    };
    expect(read("*a* ".repeat(20000))).toEqual({ blocks: 1, text: "a ".repeat(20000).trim(), italic: 20000, code: 0 });
    expect(read("a* ".repeat(20000))).toEqual({ blocks: 1, text: "a* ".repeat(20000).trim(), italic: 0, code: 0 });
    expect(read("[".repeat(20000))).toEqual({ blocks: 1, text: "[".repeat(20000), italic: 0, code: 0 });
    const ticks = read("`` ` ".repeat(10000));
    expect([ticks.blocks, ticks.text.length, ticks.code]).toEqual([1, 16669, 6666]);
    const nested = read("*a ".repeat(10000) + "a* ".repeat(10000));
    expect([nested.blocks, nested.text, nested.italic]).toEqual([1, "a ".repeat(20000).trim(), 1]);
  });

  it("survives deeply nested emphasis", () => {
    const [paragraph] = markdownToRichText(`${"*a ".repeat(20000)}b${" a*".repeat(20000)}`);
    expect(
      paragraph.children.some((leaf) => isRichTextLeaf(leaf) && leaf.italic === true && leaf.text.includes("b")),
    ).toBe(true);
  });

  it("caps list nesting depth", () => {
    const markdown = Array.from({ length: 50 }, (_, i) => `${" ".repeat(2 * i)}- x`).join("\n");
    let depth = 0;
    let list: RichTextElement | undefined = markdownToRichText(markdown)[0];
    while (list) {
      depth += 1;
      const item = list.children[0] as RichTextElement;
      list = item.children[1] as RichTextElement | undefined;
    }
    expect(depth).toBe(10);
  });
});

describe("markdownToRichText: plain values skip the parser", () => {
  it("reads every short line of words, digits and plain punctuation exactly as the parser does", () => {
    const character = fc.constantFrom(..."aZé7 0,.'?@:;()/-*_`[]<>#\\!&+~|\n".split(""));
    fc.assert(
      fc.property(
        fc.array(character, { maxLength: 30 }).map((chars) => chars.join("")),
        (text) => {
          expect(markdownToRichText(text)).toEqual(parseMarkdown(text));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("agrees on lines made only of the characters the shortcut accepts", () => {
    const character = fc.constantFrom(..."aZé7 0,.'?@:;()/-".split(""));
    fc.assert(
      fc.property(
        fc.array(character, { minLength: 1, maxLength: 40 }).map((chars) => chars.join("")),
        (text) => {
          expect(markdownToRichText(text)).toEqual(parseMarkdown(text));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("agrees on the values visitors type most", () => {
    for (const value of [
      "Ada",
      "36",
      "Ada@Example.com",
      "1. first",
      "- item",
      "Jean-Luc",
      "It's 5:30 (UTC)",
      "12)",
      "a/b",
      "Ünïcode wörds",
    ])
      expect(markdownToRichText(value)).toEqual(parseMarkdown(value));
  });
});
