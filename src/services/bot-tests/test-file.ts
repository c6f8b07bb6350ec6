import { isNode, LineCounter, parseDocument } from "yaml";
import { z } from "zod";

/**
 * The conversation-test file (docs/testing-bots.md): which bot, and conversations as steps. Every
 * value has a bound, since the file also arrives over the API and from the builder.
 */

const text = z.string().max(10_000);
const name = z.string().min(1).max(255);

/**
 * `bot:` is exact plain text, or a regular expression between slashes. Patterns may run on the
 * server (the builder's Check), so one that nests quantifiers (catastrophic backtracking) is refused.
 */
const botStep = z.strictObject({
  bot: text.superRefine((value, ctx) => {
    if (!/^\/.*\/[a-z]*$/s.test(value)) return;
    if (value.length > 1000) ctx.addIssue({ code: "custom", message: "A pattern is at most 1000 characters" });
    else if (!stepPattern(value)) ctx.addIssue({ code: "custom", message: "Not a valid regular expression" });
    else if (/\([^)]*[+*}][^)]*\)[+*{]/.test(value))
      ctx.addIssue({ code: "custom", message: "A pattern may not repeat a group that repeats (like (a+)+)" });
  }),
});
const inputStep = z.strictObject({ input: z.string().min(1).max(100) });
const userStep = z.strictObject({ user: z.union([text, z.number(), z.boolean()]).transform(String) });
const choicesStep = z.strictObject({ choices: z.array(z.union([text, z.number()]).transform(String)).max(200) });
const actionStep = z.strictObject({ action: z.string().min(1).max(100) });

export const botTestStepSchema = z.union([botStep, inputStep, userStep, choicesStep, actionStep], {
  error: "A step is one of bot, input, user, choices or action (one key each)",
});
export type BotTestStep = z.output<typeof botTestStepSchema>;

const httpFixtureSchema = z.strictObject({
  method: z
    .string()
    .max(10)
    .default("GET")
    .transform((method) => method.toUpperCase()),
  url: z.string().min(1).max(4096),
  status: z.number().int().min(100).max(599).default(200),
  body: z.unknown().optional(),
});
export type HttpFixture = z.output<typeof httpFixtureSchema>;

const aiFixtureSchema = z.strictObject({ reply: text });
export type AiFixture = z.output<typeof aiFixtureSchema>;

/** One passage a knowledge block's search finds, as a test writes it (the document's name, its headings, its page). */
const knowledgeHitFixtureSchema = z.strictObject({
  document: z.string().min(1).max(500),
  text: z.string().max(10_000),
  headings: z.array(z.string().max(500)).max(20).default([]),
  page: z.number().int().min(1).optional(),
  url: z.string().max(4096).optional(),
  score: z.number().min(0).max(1).default(1),
});
/** The passages one search of a knowledge block finds (each search takes the next, in order). */
const knowledgeFixtureSchema = z.strictObject({ hits: z.array(knowledgeHitFixtureSchema).max(20) });
export type KnowledgeFixture = z.output<typeof knowledgeFixtureSchema>;

const expectedValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null(), z.array(z.unknown())]);

export const botTestConversationSchema = z.strictObject({
  name,
  prefilled: z.record(z.string().max(255), z.unknown()).optional(),
  steps: z.array(botTestStepSchema).max(1000).default([]),
  expect: z
    .strictObject({
      variables: z.record(z.string().max(255), expectedValue).optional(),
      completed: z.boolean().optional(),
    })
    .optional(),
  fixtures: z
    .strictObject({
      http: z.array(httpFixtureSchema).max(200).default([]),
      ai: z.array(aiFixtureSchema).max(200).default([]),
      knowledge: z.array(knowledgeFixtureSchema).max(200).default([]),
    })
    .optional(),
});
export type BotTestConversation = z.output<typeof botTestConversationSchema>;

export const botTestFileSchema = z.strictObject({
  bot: z.string().min(1).max(4096).optional(),
  conversations: z.array(botTestConversationSchema).min(1).max(500),
});
export type BotTestFile = z.output<typeof botTestFileSchema>;

/** The most YAML the API and the builder store per bot. */
export const BOT_TESTS_MAX_BYTES = 512 * 1024;

/** A file that cannot be run: where (line, field) and why. */
export class BotTestFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly field: string | undefined,
    readonly reason: string,
  ) {
    super(`${file}${line ? `:${line}` : ""}${field ? `: ${field}` : ""}: ${reason}`);
    this.name = "BotTestFileError";
  }
}

/** `conversations[0].steps[2].bot`, the way an author reads a path. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/** Parses and validates a test file; anything wrong is a BotTestFileError naming line and field. */
export function parseBotTestFile(source: string, file = "tests.yaml"): BotTestFile {
  if (Buffer.byteLength(source) > BOT_TESTS_MAX_BYTES)
    throw new BotTestFileError(file, undefined, undefined, `The file is larger than ${BOT_TESTS_MAX_BYTES} bytes`);
  const lineCounter = new LineCounter();
  const document = parseDocument(source, { lineCounter, uniqueKeys: true });
  const lineAt = (offset: number | undefined) => (offset === undefined ? undefined : lineCounter.linePos(offset).line);
  const yamlError = document.errors[0];
  if (yamlError)
    throw new BotTestFileError(file, lineAt(yamlError.pos[0]), undefined, yamlError.message.split("\n")[0]);
  const parsed = botTestFileSchema.safeParse(document.toJS({ maxAliasCount: 100 }));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // The deepest node of the path the file has: a missing key is reported on its parent.
  let line: number | undefined;
  for (let depth = issue.path.length; depth >= 0 && line === undefined; depth--) {
    const node = depth === 0 ? document.contents : document.getIn(issue.path.slice(0, depth) as unknown[], true);
    if (isNode(node)) line = lineAt(node.range?.[0]);
  }
  throw new BotTestFileError(file, line, issue.path.length ? fieldName(issue.path) : undefined, issue.message);
}

/** A `bot:` step's pattern, when it is written between slashes (`/Hello, \w+/i`). */
export function stepPattern(expected: string): RegExp | undefined {
  const match = /^\/(.*)\/([a-z]*)$/s.exec(expected);
  if (!match) return undefined;
  try {
    return new RegExp(match[1], match[2]);
  } catch {
    return undefined;
  }
}
