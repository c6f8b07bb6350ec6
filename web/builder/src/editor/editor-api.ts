import { api } from "../lib/api";
import type { LintFinding, TimeFilter } from "../lib/types";

export const lintBot = (botId: string) =>
  api.call("lintBot", { params: { botId } }).then((answer) => answer.findings ?? []);

export const publishBot = (botId: string) => api.call("publishBot", { params: { botId } });

export const unpublishBot = (botId: string) => api.call("unpublishBot", { params: { botId } });

/** Whether the bot is published and its draft differs; never a 404 (the published bot's read would be one). */
export const publishState = (botId: string) => api.call("getPublishState", { params: { botId } });

export const loadAnalytics = (botId: string, timeFilter: TimeFilter = "allTime") =>
  api.call("getAnalytics", {
    params: { botId },
    query: { timeFilter, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC" },
  });

/** A recorded preview conversation, as the test file writes it (docs/testing-bots.md). */
export type RecordedConversation = { name: string; steps: Record<string, string | string[]>[] };

export const addTestConversation = (botId: string, conversation: RecordedConversation) =>
  api.call("addTestConversation", { params: { botId }, body: { conversation } });

/** The bot's stored tests, run on the saved draft; each failure as a finding on the block it is about. */
export const testFindings = (botId: string): Promise<LintFinding[]> =>
  api.call("runBotTests", { params: { botId } }).then(
    (run) =>
      run.conversations
        .filter((conversation) => !conversation.passed && conversation.failure)
        .map(({ name, failure }) => ({
          severity: "error",
          ...(failure!.blockId ? { blockId: failure!.blockId } : {}),
          message: `Test "${name}" failed at ${failure!.step}: expected ${failure!.expected}, got ${failure!.got}`,
        })),
    (error: unknown) => [
      { severity: "error", message: `The bot's tests could not run: ${(error as Error).message ?? error}` },
    ],
  );

/** The Check button: the flow check's findings, then the failures of the bot's tests. */
export const checkBot = async (botId: string): Promise<LintFinding[]> => {
  const [findings, failures] = await Promise.all([lintBot(botId), testFindings(botId)]);
  return [...findings, ...failures];
};
