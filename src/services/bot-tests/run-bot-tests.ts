import type { BotLoaderPort, HttpPort, SandboxPort } from "../../engine/ports.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import { closeSandboxPort, createSandboxPort } from "../../sandbox/index.js";
import { runConversation, type ConversationResult } from "./run-conversation.js";
import type { BotTestFile } from "./test-file.js";

/** One test file's outcome: its conversations in file order. */
export type BotTestFileRun = { file: string; conversations: ConversationResult[] };

export type SandboxFactory = (http: HttpPort) => SandboxPort;

export type BotTestRunOptions = {
  /** Which version of a linked bot a Bot link block runs: the draft (testing a draft) or the published one. */
  linkedBots?: "draft" | "published";
  workspaceId?: string;
  bots?: BotLoaderPort;
  /** Makes the sandbox bot code runs in; its fetch must go through the given port (the fixtures). */
  createSandbox?: SandboxFactory;
  /** Stops the run between turns (its deadline, or the client went away): the run then throws its reason. */
  signal?: AbortSignal;
};

/**
 * Bot code runs in one worker thread per test run (never on the caller's thread), with the server's
 * default limits; the worker stops when the run ends.
 */
export const workerSandbox =
  (limits: { sandboxTimeoutMs: number; sandboxMemoryMb: number }): SandboxFactory =>
  (http) =>
    createSandboxPort({ ...limits, sandboxWorkers: 1 }, http);

/** The chat runs as a visitor's ("live"); a draft under test links to drafts all the same. */
function linkedBotLoader(bots: BotLoaderPort, linked: "draft" | "published"): BotLoaderPort {
  return {
    load: (botId, _mode, workspaceId) => bots.load(botId, linked === "draft" ? "preview" : "live", workspaceId),
  };
}

/** Runs a file's conversations one after the other on the same bot; each has its own fixtures. */
export async function runBotTests(
  bot: RuntimeBot,
  file: BotTestFile,
  fileName: string,
  options: BotTestRunOptions = {},
): Promise<BotTestFileRun> {
  let currentHttp: HttpPort | undefined;
  const sandbox = options.createSandbox?.({
    request: (request) => currentHttp!.request(request),
  });
  const conversations: ConversationResult[] = [];
  try {
    for (const conversation of file.conversations) {
      options.signal?.throwIfAborted();
      conversations.push(
        await runConversation(bot, conversation, {
          ...(options.workspaceId ? { workspaceId: options.workspaceId } : {}),
          ...(sandbox ? { sandbox } : {}),
          ...(options.bots ? { bots: linkedBotLoader(options.bots, options.linkedBots ?? "draft") } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
          useHttp: (http) => (currentHttp = http),
        }),
      );
    }
    // A conversation cut short by the stop reads as failed; the run as a whole did not finish.
    options.signal?.throwIfAborted();
  } finally {
    await closeSandboxPort(sandbox);
  }
  return { file: fileName, conversations };
}

const indent = (text: string, by = "    ") =>
  text
    .split("\n")
    .map((line) => by + line)
    .join("\n");

/** A failure as the terminal shows it: the step, expected and got (a diff for text), the chat so far. */
export function describeFailure(result: ConversationResult): string {
  const failure = result.failure;
  if (!failure) return "";
  const where = failure.stepIndex === undefined ? failure.step : `step ${failure.stepIndex + 1} (${failure.step})`;
  const lines = [`  at ${where}`];
  if (failure.diff) lines.push("  expected (-) vs got (+):", indent(failure.diff));
  else lines.push(`  expected: ${failure.expected}`, `  got:      ${failure.got}`);
  lines.push("  conversation so far:");
  if (result.transcript.length === 0) lines.push("    (nothing)");
  for (const line of result.transcript)
    lines.push(`    ${line.role.padEnd(6)} ${line.text.replace(/\n/g, "\n           ")}`);
  return lines.join("\n");
}

/** One line per conversation (✓/✗ and its time), a failure's details under it, and a summary. */
export function formatRuns(runs: readonly BotTestFileRun[]): string {
  const out: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const run of runs) {
    out.push(run.file);
    for (const result of run.conversations) {
      if (result.passed) passed++;
      else failed++;
      out.push(`  ${result.passed ? "✓" : "✗"} ${result.name} (${result.durationMs} ms)`);
      if (!result.passed) out.push(indent(describeFailure(result), "  "));
    }
  }
  out.push("", `${passed} passed, ${failed} failed`);
  return `${out.join("\n")}\n`;
}
