import { describe, expect, it } from "vitest";
import { BotTestFileError, parseBotTestFile } from "../../../src/services/bot-tests/test-file.js";

function fileError(source: string): BotTestFileError {
  try {
    parseBotTestFile(source, "lead.yaml");
  } catch (error) {
    if (error instanceof BotTestFileError) return error;
    throw error;
  }
  throw new Error("the file parsed");
}

describe("reading a conversation-test file", () => {
  it("reads every step kind, fixtures and expectations, with their defaults", () => {
    const file = parseBotTestFile(
      [
        "bot: ./lead.json",
        "conversations:",
        "  - name: happy path",
        "    prefilled: { Source: ad }",
        "    steps:",
        '      - bot: "Hello!"',
        "      - input: text input",
        "      - user: 42",
        "      - choices: [Red, 2]",
        "      - action: redirect",
        "    expect: { variables: { Age: 42 }, completed: true }",
        "    fixtures:",
        "      http: [{ url: https://api.example.com/x, body: { ok: true } }]",
        "      ai: [{ reply: Hi }]",
      ].join("\n"),
    );
    expect(file).toEqual({
      bot: "./lead.json",
      conversations: [
        {
          name: "happy path",
          prefilled: { Source: "ad" },
          steps: [
            { bot: "Hello!" },
            { input: "text input" },
            { user: "42" },
            { choices: ["Red", "2"] },
            { action: "redirect" },
          ],
          expect: { variables: { Age: 42 }, completed: true },
          fixtures: {
            http: [{ method: "GET", url: "https://api.example.com/x", status: 200, body: { ok: true } }],
            ai: [{ reply: "Hi" }],
            knowledge: [],
          },
        },
      ],
    });
  });

  it("names file, line and field of a step that is not one", () => {
    const error = fileError(
      ["conversations:", "  - name: a", "    steps:", "      - bot: Hi", "      - say: Hello"].join("\n"),
    );
    expect(error.message).toBe(
      "lead.yaml:5: conversations[0].steps[1]: A step is one of bot, input, user, choices or action (one key each)",
    );
  });

  it("names the line of a YAML syntax error", () => {
    const error = fileError(["conversations:", "  - name: a", "    steps: [", "      bot: Hi"].join("\n"));
    expect(error.file).toBe("lead.yaml");
    expect(error.line).toBeGreaterThanOrEqual(3);
    expect(error.field).toBeUndefined();
  });

  it("reports a missing key on the object that lacks it", () => {
    const error = fileError(["conversations:", "  - steps:", "      - user: hi"].join("\n"));
    expect([error.line, error.field]).toEqual([2, "conversations[0].name"]);
    expect(error.reason).toMatch(/expected string/i);
  });

  it("refuses a wrong value type with its field", () => {
    const error = fileError(["conversations:", "  - name: a", "    expect:", "      completed: maybe"].join("\n"));
    expect(error.message).toMatch(/^lead\.yaml:4: conversations\[0\]\.expect\.completed: /);
  });

  it("refuses a pattern that is not a regular expression, or one that backtracks without end", () => {
    expect(
      fileError(["conversations:", "  - name: a", "    steps:", "      - bot: /(unclosed/"].join("\n")).message,
    ).toBe("lead.yaml:4: conversations[0].steps[0].bot: Not a valid regular expression");
    expect(fileError(["conversations:", "  - name: a", "    steps:", "      - bot: /(a+)+$/"].join("\n")).reason).toBe(
      "A pattern may not repeat a group that repeats (like (a+)+)",
    );
  });

  it("needs at least one conversation and refuses unknown keys", () => {
    expect(fileError("bot: x.json\nconversations: []\n").field).toBe("conversations");
    const error = fileError("conversations:\n  - name: a\n    stepz: []\n");
    expect([error.line, error.field]).toEqual([2, "conversations[0]"]);
    expect(error.reason).toMatch(/stepz/);
  });
});
