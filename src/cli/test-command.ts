import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import type { RuntimeBot } from "../engine/runtime-bot.js";
import { createBotLoader } from "../services/chat/bot-loader.js";
import { createContext } from "../services/context.js";
import { junitXml } from "../services/bot-tests/junit.js";
import { botFromExport, storedBot } from "../services/bot-tests/load-bot.js";
import {
  describeFailure,
  formatRuns,
  runBotTests,
  workerSandbox,
  type BotTestFileRun,
  type BotTestRunOptions,
} from "../services/bot-tests/run-bot-tests.js";
import { BotTestFileError, parseBotTestFile, type BotTestFile } from "../services/bot-tests/test-file.js";
import { openStore } from "../store/connect.js";

export const testUsage =
  "test <file|glob>... [--bot <id|publicId>] [--published] [--junit out.xml]\n" +
  "                                          run conversation tests (docs/testing-bots.md); exit 0 all\n" +
  "                                          pass, 1 any fails, 2 a file cannot be read or run";

/** A pattern's files: `*` and `?` within a name, `**` across folders (no glob library in Node 20). */
export function expandPattern(pattern: string): string[] {
  if (!/[*?]/.test(pattern)) return [pattern];
  const parts = pattern.split(/[\\/]/);
  const firstGlob = parts.findIndex((part) => /[*?]/.test(part));
  const base = parts.slice(0, firstGlob).join("/") || ".";
  const source = parts
    .slice(firstGlob)
    .map((part) =>
      part === "**"
        ? "(?:.*/)?"
        : `${part
            .replace(/[.+^${}()|[\]\\]/g, "\\$&")
            .replace(/\*/g, "[^/]*")
            .replace(/\?/g, "[^/]")}/`,
    )
    .join("")
    .replace(/\/$/, "");
  const matcher = new RegExp(`^${source}$`);
  const found: string[] = [];
  const walk = (dir: string, relative: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name === "node_modules" || entry.name === ".git") continue;
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), rel);
      else if (matcher.test(rel)) found.push(path.join(base, rel));
    }
  };
  walk(base, "");
  return found.sort();
}

type LoadedFile = { name: string; file: BotTestFile };

/** Every file read and checked before anything runs: a bad one is exit 2 with file, line and field. */
function readFiles(patterns: string[]): { files: LoadedFile[]; errors: string[] } {
  const files: LoadedFile[] = [];
  const errors: string[] = [];
  for (const pattern of patterns) {
    const names = expandPattern(pattern);
    if (names.length === 0) errors.push(`${pattern}: no file matches`);
    for (const name of names) {
      let source: string;
      try {
        source = fs.readFileSync(name, "utf8");
      } catch (error) {
        errors.push(`${name}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
        continue;
      }
      try {
        files.push({ name, file: parseBotTestFile(source, name) });
      } catch (error) {
        if (!(error instanceof BotTestFileError)) throw error;
        errors.push(error.message);
      }
    }
  }
  return { files, errors };
}

function botOfFile(loaded: LoadedFile): RuntimeBot {
  if (!loaded.file.bot) throw new BotTestFileError(loaded.name, undefined, "bot", "Give the bot export here or --bot");
  const botPath = path.resolve(path.dirname(loaded.name), loaded.file.bot);
  let exported: unknown;
  try {
    exported = JSON.parse(fs.readFileSync(botPath, "utf8"));
  } catch (error) {
    throw new BotTestFileError(loaded.name, undefined, "bot", `${botPath}: ${(error as Error).message}`);
  }
  try {
    return botFromExport(exported);
  } catch (error) {
    throw new BotTestFileError(loaded.name, undefined, "bot", `${botPath}: ${(error as Error).message}`);
  }
}

export async function testCommand(args: string[], fail: (message: string) => never): Promise<void> {
  const parsed = (() => {
    try {
      return parseArgs({
        args,
        allowPositionals: true,
        options: { bot: { type: "string" }, published: { type: "boolean" }, junit: { type: "string" } },
      });
    } catch (error) {
      return fail((error as Error).message);
    }
  })();
  const { values, positionals } = parsed;
  if (positionals.length === 0) fail("test needs at least one test file (or glob)");
  if (values.published && !values.bot) fail("--published needs --bot <id|publicId>");
  const { files, errors } = readFiles(positionals);
  const badFiles = (messages: string[]) => {
    for (const message of messages) process.stderr.write(`parley: ${message}\n`);
    process.exitCode = 2;
  };
  if (errors.length > 0) return badFiles(errors);

  const config = loadConfig();
  const options: BotTestRunOptions = { createSandbox: workerSandbox(config) };
  const runs: BotTestFileRun[] = [];
  if (values.bot) {
    const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
    try {
      const ctx = createContext(config, store);
      const found = await storedBot(ctx, values.bot, values.published ?? false).catch((error: Error) =>
        fail(error.message),
      );
      const runOptions: BotTestRunOptions = {
        ...options,
        linkedBots: values.published ? "published" : "draft",
        workspaceId: found.workspaceId,
        bots: createBotLoader(ctx),
      };
      for (const loaded of files) runs.push(await runBotTests(found.bot, loaded.file, loaded.name, runOptions));
    } finally {
      await store.close();
    }
  } else {
    const bots = new Map<string, RuntimeBot>();
    const botErrors: string[] = [];
    for (const loaded of files) {
      try {
        bots.set(loaded.name, botOfFile(loaded));
      } catch (error) {
        if (!(error instanceof BotTestFileError)) throw error;
        botErrors.push(error.message);
      }
    }
    if (botErrors.length > 0) return badFiles(botErrors);
    for (const loaded of files) runs.push(await runBotTests(bots.get(loaded.name)!, loaded.file, loaded.name, options));
  }

  process.stdout.write(formatRuns(runs));
  if (values.junit)
    fs.writeFileSync(
      values.junit,
      junitXml(runs, (run, index) => describeFailure(run.conversations[index])),
    );
  process.exitCode = runs.some((run) => run.conversations.some((result) => !result.passed)) ? 1 : 0;
}
