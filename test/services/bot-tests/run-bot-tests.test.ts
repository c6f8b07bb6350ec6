import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { junitXml } from "../../../src/services/bot-tests/junit.js";
import { botFromExport } from "../../../src/services/bot-tests/load-bot.js";
import {
  describeFailure,
  formatRuns,
  runBotTests,
  workerSandbox,
  type BotTestFileRun,
} from "../../../src/services/bot-tests/run-bot-tests.js";
import { parseBotTestFile } from "../../../src/services/bot-tests/test-file.js";
import { buildBot, say } from "../../helpers/bot-builder.js";

const leadForm = botFromExport(JSON.parse(fs.readFileSync("docs/examples/lead-form.json", "utf8")));

/** The fixtures the lead form needs to reach its end with Ada choosing Blue. */
const blueFixtures = [
  "    fixtures:",
  "      http: [{ url: 'https://api.example.com/price?color=Blue', body: { price: 12 } }]",
  "      ai: [{ reply: Nice pick. }]",
];

async function runOne(lines: string[], bot = leadForm) {
  const file = parseBotTestFile(["conversations:", "  - name: case", ...lines].join("\n"), "case.yaml");
  const run = await runBotTests(bot, file, "case.yaml");
  return run.conversations[0];
}

async function failureOf(lines: string[], bot = leadForm) {
  const result = await runOne(lines, bot);
  expect(result.passed).toBe(false);
  return result.failure!;
}

describe("the documented example (docs/testing-bots.md)", () => {
  it("passes against its bot export", async () => {
    const source = fs.readFileSync("docs/examples/lead-form.tests.yaml", "utf8");
    const doc = fs.readFileSync("docs/testing-bots.md", "utf8");
    // The guide shows this very file, so that neither can drift from the other.
    expect(doc).toContain(source.trim());
    const file = parseBotTestFile(source, "lead-form.tests.yaml");
    expect(file.bot).toBe("./lead-form.json");
    const run = await runBotTests(leadForm, file, "lead-form.tests.yaml", {
      createSandbox: workerSandbox({ sandboxTimeoutMs: 2000, sandboxMemoryMb: 32 }),
    });
    expect(run.conversations.map((c) => [c.name, c.passed, c.failure])).toEqual([
      ["happy path", true, undefined],
      ["a wrong e-mail address is asked again", true, undefined],
    ]);
    expect(formatRuns([run])).toMatch(
      /^lead-form\.tests\.yaml\n {2}✓ happy path \(\d+ ms\)\n {2}✓ a wrong e-mail address is asked again \(\d+ ms\)\n\n2 passed, 0 failed\n$/,
    );
  });
});

describe("steps", () => {
  it("bot: an exact text that differs fails with a diff showing where", async () => {
    const failure = await failureOf(["    steps:", "      - bot: Hello! What is your name?"]);
    expect(failure).toMatchObject({
      stepIndex: 0,
      step: 'bot: "Hello! What is your name?"',
      expected: "Hello! What is your name?",
      got: "Hello! What's your name?",
      blockId: "b-hello",
    });
    expect(failure.diff).toBe(`- Hello! What is your name?\n+ Hello! What's your name?\n${" ".repeat(13)}^`);
  });

  it("bot: a /pattern/ matches or fails, and a missing bubble says what the bot waits for", async () => {
    expect((await runOne(["    steps:", "      - bot: /^Hello! What's your \\w+\\?$/"])).passed).toBe(true);
    const failure = await failureOf(["    steps:", "      - bot: /^Bye/"]);
    expect([failure.expected, failure.got, failure.diff]).toEqual(["/^Bye/", "Hello! What's your name?", undefined]);
    const none = await failureOf(["    steps:", "      - bot: Hello! What's your name?", "      - bot: More?"]);
    expect([none.stepIndex, none.got]).toEqual([1, "no more bot messages (the bot waits for a text input)"]);
  });

  it("input: the input type now waiting", async () => {
    expect((await runOne(["    steps:", "      - input: text input"])).passed).toBe(true);
    const failure = await failureOf(["    steps:", "      - input: email input"]);
    expect([failure.step, failure.expected, failure.got]).toEqual([
      'input: "email input"',
      "email input",
      "text input",
    ]);
  });

  it("choices: the buttons in order", async () => {
    expect((await runOne(["    steps:", "      - user: Ada", "      - choices: [Red, Blue]"])).passed).toBe(true);
    const failure = await failureOf(["    steps:", "      - user: Ada", "      - choices: [Blue, Red]"]);
    expect(failure).toMatchObject({
      stepIndex: 1,
      expected: '["Blue","Red"]',
      got: '["Red","Blue"]',
      blockId: "b-color",
    });
  });

  it("user: answers, and cannot once the chat has ended", async () => {
    const lines = ["    steps:", "      - user: Ada", "      - user: Blue", "      - user: ada@example.com"];
    expect((await runOne([...lines, ...blueFixtures])).passed).toBe(true);
    const failure = await failureOf([...lines, "      - user: again", ...blueFixtures]);
    expect([failure.stepIndex, failure.expected, failure.got]).toEqual([
      3,
      "the bot to wait for a reply",
      "the chat has ended",
    ]);
  });

  it("action: a client-side action of that kind was sent", async () => {
    const lines = ["    steps:", "      - user: Ada", "      - user: Blue", "      - user: ada@example.com"];
    expect((await runOne([...lines, "      - action: redirect", ...blueFixtures])).passed).toBe(true);
    const failure = await failureOf([
      ...lines,
      "      - action: redirect",
      "      - action: redirect",
      ...blueFixtures,
    ]);
    expect([failure.stepIndex, failure.got]).toEqual([4, "no client-side action"]);
    const other = await failureOf([...lines, "      - action: setVariable", ...blueFixtures]);
    expect(other.got).toBe("only redirect");
  });
});

describe("expectations", () => {
  const done = ["    steps:", "      - user: Ada", "      - user: Blue", "      - user: ada@example.com"];

  it("variables are compared as written (Price: 12 matches the stored text)", async () => {
    const result = await runOne([
      ...done,
      "    expect: { variables: { Name: Ada, Price: 12 }, completed: true }",
      ...blueFixtures,
    ]);
    expect(result.passed).toBe(true);
    const failure = await failureOf([...done, "    expect: { variables: { Name: Eve } }", ...blueFixtures]);
    expect(failure).toMatchObject({
      step: "expect.variables.Name",
      expected: '"Eve"',
      got: '"Ada"',
    });
    expect(failure.stepIndex).toBeUndefined();
    expect(failure.diff).toBe("- Eve\n+ Ada\n  ^");
    const unknown = await failureOf([...done, "    expect: { variables: { Nom: Ada } }", ...blueFixtures]);
    expect(unknown.got).toBe("no such variable");
    const unset = await failureOf(["    expect: { variables: { Name: Ada } }"]);
    expect(unset.got).toBe("(not set)");
  });

  it("completed: whether the chat has ended", async () => {
    const failure = await failureOf(["    steps: [{ user: Ada }]", "    expect: { completed: true }"]);
    expect([failure.step, failure.expected, failure.got]).toEqual([
      "expect.completed",
      "the chat has ended",
      "the bot waits for a choice input",
    ]);
  });
});

describe("fixtures", () => {
  it("answer HTTP requests by method and URL, and AI blocks in order", async () => {
    const result = await runOne([
      "    steps: [{ user: Ada }, { user: Red }, { bot: 'Nice to meet you, Ada.' }, { bot: Which colour do you like? }]",
      "    fixtures:",
      "      http:",
      "        - { method: POST, url: 'https://api.example.com/price?color=Red', body: { price: 1 } }",
      "        - { url: 'https://api.example.com/price?color=Red', body: { price: 7 } }",
      "      ai: [{ reply: First. }, { reply: Second. }]",
    ]);
    // The steps before `user: Red` were shown already; what came after is checked next.
    expect(result.passed).toBe(false);
    expect(result.failure).toMatchObject({ stepIndex: 2, got: "Red costs 7 euros. First." });
  });

  it("a request with no fixture fails the step that made it, showing the request", async () => {
    const failure = await failureOf([
      "    steps: [{ user: Ada }, { user: Blue }]",
      "    fixtures: { ai: [{ reply: x }] }",
    ]);
    expect(failure).toEqual({
      stepIndex: 1,
      step: 'user: "Blue"',
      expected: "a fixture for every request",
      got: "No HTTP fixture for the request GET https://api.example.com/price?color=Blue",
    });
  });

  it("an AI block with no answer left fails, showing the request, and its log joins the conversation", async () => {
    const result = await runOne([
      "    steps: [{ user: Ada }, { user: Blue }]",
      "    fixtures: { http: [{ url: 'https://api.example.com/price?color=Blue', body: { price: 12 } }] }",
    ]);
    const failure = result.failure!;
    expect(result.transcript.filter((line) => line.role === "log")).toEqual([
      { role: "log", text: "No AI fixture left" },
    ]);
    expect(failure.got).toBe(
      "No AI fixture left for the request (model gpt-4o-mini, last message (user): Ada likes Blue; it costs 12 euros.)",
    );
  });

  it("bot code runs in a sandbox worker whose fetch is answered by the fixtures too", async () => {
    const codeBot = botFromExport(
      buildBot({
        groups: [
          {
            id: "g1",
            blocks: [
              {
                id: "b-code",
                type: "Code",
                options: {
                  content: "setVariable('Quote', await fetch('https://api.example.com/quote'))",
                  isExecutedOnClient: false,
                },
              },
              say("b-quote", "{{Quote}}"),
            ],
          },
        ],
        variables: [{ id: "v-quote", name: "Quote" }],
      }),
    );
    const sandbox = { createSandbox: workerSandbox({ sandboxTimeoutMs: 2000, sandboxMemoryMb: 32 }) };
    const file = parseBotTestFile(
      [
        "conversations:",
        "  - name: answered",
        "    steps: [{ bot: Be kind. }]",
        "    fixtures: { http: [{ url: 'https://api.example.com/quote', body: Be kind. }] }",
        "  - name: unanswered",
        "    steps: [{ bot: Be kind. }]",
      ].join("\n"),
    );
    const run = await runBotTests(codeBot, file, "code.yaml", sandbox);
    expect(run.conversations[0].failure).toBeUndefined();
    expect(run.conversations[1].failure).toEqual({
      step: "start",
      expected: "a fixture for every request",
      got: "No HTTP fixture for the request GET https://api.example.com/quote",
    });
  });

  it("e-mails are captured, not sent", async () => {
    const mailBot = botFromExport(
      buildBot({
        groups: [
          {
            id: "g1",
            blocks: [
              {
                id: "b-mail",
                type: "Email",
                options: {
                  credentialsId: "default",
                  recipients: ["{{Email}}"],
                  subject: "Thanks",
                  body: "Hi {{Email}}",
                },
              },
              say("b-sent", "Mail sent"),
            ],
          },
        ],
        variables: [{ id: "v-email", name: "Email" }],
      }),
    );
    const result = await runOne(
      ["    prefilled: { Email: ann@example.com }", "    steps: [{ bot: Mail sent }]"],
      mailBot,
    );
    expect(result.passed).toBe(true);
    expect(result.emails).toMatchObject([{ to: ["ann@example.com"], subject: "Thanks", text: "Hi ann@example.com" }]);
  });
});

describe("reports", () => {
  it("show the step, expected and got, and the conversation so far", async () => {
    const result = await runOne(["    steps: [{ user: Ada }, { bot: 'Nice to meet you, Ada' }]"]);
    expect(describeFailure(result)).toBe(
      [
        '  at step 2 (bot: "Nice to meet you, Ada")',
        "  expected (-) vs got (+):",
        "    - Nice to meet you, Ada",
        "    + Nice to meet you, Ada.",
        `${" ".repeat(27)}^`,
        "  conversation so far:",
        "    bot    Hello! What's your name?",
        "    input  text input",
        "    user   Ada",
        "    bot    Nice to meet you, Ada.",
        "    bot    Which colour do you like?",
        "    input  choice input: Red | Blue",
      ].join("\n"),
    );
    const run: BotTestFileRun = { file: "case.yaml", conversations: [result] };
    expect(formatRuns([run])).toContain(`  ✗ case (${result.durationMs} ms)\n    at step 2`);
    expect(formatRuns([run]).endsWith("\n0 passed, 1 failed\n")).toBe(true);
  });

  it("write JUnit XML that parses, one case per conversation, failures with their details", async () => {
    const passing = await runOne(["    steps: [{ bot: Hello! What's your name? }]"]);
    const failing = await runOne(["    steps: [{ bot: 'Bye <&> \"now\"' }]"]);
    const xml = junitXml(
      [{ file: "a&b.yaml", conversations: [passing, { ...failing, name: "fails" }] }],
      (run, index) => describeFailure(run.conversations[index]),
    );
    const root = parseXml(xml);
    expect(root.name).toBe("testsuites");
    expect(root.attributes).toMatchObject({ tests: "2", failures: "1" });
    const suite = root.children[0];
    expect(suite.attributes).toMatchObject({ name: "a&b.yaml", tests: "2", failures: "1" });
    expect(suite.children.map((c) => [c.name, c.attributes.name, c.children.length])).toEqual([
      ["testcase", "case", 0],
      ["testcase", "fails", 1],
    ]);
    const failure = suite.children[1].children[0];
    expect(failure.attributes.message).toBe(
      `bot: "Bye <&> \\"now\\"": expected Bye <&> "now", got Hello! What's your name?`,
    );
    expect(failure.text).toContain('- Bye <&> "now"\n    + Hello! What\'s your name?');
  });
});

type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

/** A small, strict reader for the XML junitXml writes: well-formed nesting, quoted attributes, the five entities. */
function parseXml(xml: string): XmlElement {
  const decode = (text: string) => {
    expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    expect(text).not.toMatch(/</);
    return text
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  };
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, "");
  expect(body).not.toBe(xml);
  const stack: XmlElement[] = [{ name: "#document", attributes: {}, children: [], text: "" }];
  const token = /<(\/?)([A-Za-z]+)((?:\s+[A-Za-z]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let consumed = 0;
  for (let match = token.exec(body); match; match = token.exec(body)) {
    consumed = token.lastIndex;
    const [, closing, name, attributeText, selfClosing, text] = match;
    const top = stack.at(-1)!;
    if (text !== undefined) {
      top.text += decode(text);
      continue;
    }
    if (closing) {
      expect(top.name).toBe(name);
      stack.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, value] of attributeText.matchAll(/([A-Za-z]+)="([^"]*)"/g)) attributes[key] = decode(value);
    const element = { name, attributes, children: [], text: "" };
    top.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  expect(consumed).toBe(body.length);
  expect(stack).toHaveLength(1);
  expect(stack[0].children).toHaveLength(1);
  return stack[0].children[0];
}
