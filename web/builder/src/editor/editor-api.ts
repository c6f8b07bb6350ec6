import { api, encode } from "../lib/api";
import type { Analytics, LintFinding } from "../lib/types";

export const lintBot = (botId: string) =>
  api.post<{ findings: LintFinding[] }>(`/api/v1/bots/${encode(botId)}/lint`).then((answer) => answer.findings ?? []);

export const publishBot = (botId: string) =>
  api.post<{ message: string; publicId: string; findings?: LintFinding[] }>(`/api/v1/bots/${encode(botId)}/publish`);

export const unpublishBot = (botId: string) => api.post(`/api/v1/bots/${encode(botId)}/unpublish`);

export const publishedState = (botId: string) =>
  api.get<{ publishedBot: { updatedAt: string } }>(`/api/v1/bots/${encode(botId)}/publishedBot`).then(
    (answer) => answer.publishedBot,
    () => undefined,
  );

export const loadAnalytics = (botId: string) =>
  api.get<Analytics>(
    `/api/v1/bots/${encode(botId)}/analytics?timeFilter=allTime&timeZone=${encode(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC")}`,
  );

/** A recorded preview conversation, as the test file writes it (docs/testing-bots.md). */
export type RecordedConversation = { name: string; steps: Record<string, string | string[]>[] };

type TestRun = {
  conversations: {
    name: string;
    passed: boolean;
    failure?: { step: string; expected: string; got: string; blockId?: string; details: string };
  }[];
};

export const addTestConversation = (botId: string, conversation: RecordedConversation) =>
  api.post<{ yaml: string }>(`/api/v1/bots/${encode(botId)}/tests/conversations`, { conversation });

/** The bot's stored tests, run on the saved draft; each failure as a finding on the block it is about. */
export const testFindings = (botId: string): Promise<LintFinding[]> =>
  api.post<TestRun>(`/api/v1/bots/${encode(botId)}/tests/run`).then(
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
