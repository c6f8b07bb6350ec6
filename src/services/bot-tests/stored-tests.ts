import { isSeq, parseDocument } from "yaml";
import type { CallerQuota } from "../caller-quota.js";
import { AppError } from "../../errors.js";
import { nowIso } from "../../lib/ids.js";
import type { Caller } from "../../store/users-repository.js";
import { BotTestsRepository } from "../../store/bot-tests-repository.js";
import { toBotDocument } from "../bot-view.js";
import { requireBot, requireWritableBot } from "../bots.js";
import { createBotLoader } from "../chat/bot-loader.js";
import { parseRuntimeBot } from "../chat/runtime-bot-cache.js";
import type { AppContext } from "../context.js";
import { describeFailure, runBotTests, workerSandbox } from "./run-bot-tests.js";
import type { BotTestRunSlots } from "./run-slots.js";
import { BotTestFileError, parseBotTestFile, type BotTestConversation } from "./test-file.js";

const STORED_FILE_NAME = "tests.yaml";

/** A test file that does not parse, as the API's 400: the message and the issue name line and field. */
export function fileErrorAsBadRequest(error: BotTestFileError): AppError {
  const where = `${error.line ? `line ${error.line}` : "file"}${error.field ? `, ${error.field}` : ""}`;
  return new AppError("BAD_REQUEST", `Invalid tests (${where}): ${error.reason}`, {
    issues: [{ path: error.field ?? "yaml", message: `${error.line ? `line ${error.line}: ` : ""}${error.reason}` }],
  });
}

export async function getBotTests(ctx: AppContext, caller: Caller, botId: string) {
  await requireBot(ctx, caller, botId);
  const row = await new BotTestsRepository(ctx.store.db).find(botId);
  return { yaml: row?.yaml ?? "", updatedAt: row?.updatedAt ?? null };
}

/** Stores the YAML only when it would run: a file that does not parse is refused, naming line and field. */
export async function saveBotTests(ctx: AppContext, caller: Caller, botId: string, yaml: string) {
  await requireWritableBot(ctx, caller, botId);
  if (yaml.trim() !== "") {
    try {
      parseBotTestFile(yaml, STORED_FILE_NAME);
    } catch (error) {
      if (error instanceof BotTestFileError) throw fileErrorAsBadRequest(error);
      throw error;
    }
  }
  const updatedAt = nowIso();
  await new BotTestsRepository(ctx.store.db).save({ botId, yaml, updatedAt });
  return { yaml, updatedAt };
}

/**
 * Adds a conversation (the builder's "Save as test") at the end of the stored tests, keeping the
 * author's comments and layout; a bot without tests gets a file with this one conversation.
 */
export async function addBotTestConversation(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  conversation: BotTestConversation,
) {
  await requireWritableBot(ctx, caller, botId);
  const stored = await new BotTestsRepository(ctx.store.db).find(botId);
  const document = parseDocument(stored?.yaml.trim() ? stored.yaml : "conversations: []\n");
  const conversations = document.get("conversations", true);
  if (document.errors.length > 0 || !isSeq(conversations))
    throw new AppError("BAD_REQUEST", "The stored tests do not parse; fix them before adding a conversation");
  // Block style, as an author would write it, even when the list started as `[]`.
  conversations.flow = false;
  conversations.add(document.createNode(conversation));
  return saveBotTests(ctx, caller, botId, document.toString({ lineWidth: 0 }));
}

/**
 * Runs the stored tests against the draft (the Check button, and before publishing): per
 * conversation whether it passed and, if not, where, with the block the failure is about.
 */
export async function runStoredBotTests(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  limits?: { perUser: CallerQuota; perWorkspace: CallerQuota; slots: BotTestRunSlots; clientGone?: AbortSignal },
) {
  const row = await requireBot(ctx, caller, botId);
  // Each run starts bot code in a worker: counted per account and per workspace before anything runs.
  await limits?.perUser.take(caller.userId);
  await limits?.perWorkspace.take(row.workspaceId);
  const stored = await new BotTestsRepository(ctx.store.db).find(botId);
  if (!stored || stored.yaml.trim() === "") return { conversations: [] };
  let file: ReturnType<typeof parseBotTestFile>;
  try {
    file = parseBotTestFile(stored.yaml, STORED_FILE_NAME);
  } catch (error) {
    if (error instanceof BotTestFileError) throw fileErrorAsBadRequest(error);
    throw error;
  }
  const bot = parseRuntimeBot(row.id, toBotDocument(row));
  const options = { linkedBots: "draft" as const, workspaceId: row.workspaceId, bots: createBotLoader(ctx) };
  // Through the server's slots (bounded, with a deadline, stopped with the request); else one worker per run.
  const run = limits
    ? await limits.slots.run(limits.clientGone, (createSandbox, signal) =>
        runBotTests(bot, file, STORED_FILE_NAME, { ...options, createSandbox, signal }),
      )
    : await runBotTests(bot, file, STORED_FILE_NAME, { ...options, createSandbox: workerSandbox(ctx.config) });
  return {
    conversations: run.conversations.map((result) => ({
      name: result.name,
      passed: result.passed,
      durationMs: result.durationMs,
      ...(result.failure ? { failure: { ...result.failure, details: describeFailure(result) } } : {}),
      transcript: result.transcript,
    })),
  };
}
