import { type Condition, evaluateCondition } from "../../engine/conditions/evaluate-condition.js";
import type { AppContext } from "../context.js";
import { loadPublishedBot } from "../chat/bot-loader.js";
import type { LiveBot } from "../chat/start-chat.js";
import { channelsRepository } from "./channel-credentials.js";

type ChatAppSettings = { isEnabled?: boolean; startCondition?: Condition };

/** The message as the one variable a start condition compares (its comparisons name none). */
const MESSAGE_VARIABLE_ID = "chat-app-message";

function matchesStartCondition(condition: Condition, text: string): boolean {
  if (text.trim() === "") return false;
  const comparisons = (condition.comparisons ?? []).map((comparison) => ({
    ...comparison,
    variableId: MESSAGE_VARIABLE_ID,
  }));
  // The engine's own evaluation, so every comparison operator means what it means in a Condition block.
  return evaluateCondition({ ...condition, comparisons }, [{ id: MESSAGE_VARIABLE_ID, name: "message", value: text }]);
}

/**
 * The bot a new chat on this credential runs: among the workspace's published bots with the
 * messaging app enabled on it (oldest first), the first whose start condition matches the message,
 * else the first without a start condition. A condition without comparisons matches nothing.
 */
export async function selectChannelBot(
  ctx: AppContext,
  credentials: { id: string; workspaceId: string },
  text: string,
): Promise<(LiveBot & { isClosed: boolean }) | undefined> {
  let unconditional: (LiveBot & { isClosed: boolean }) | undefined;
  for (const row of await channelsRepository(ctx).botsOnCredentials(credentials.workspaceId, credentials.id)) {
    const loaded = await loadPublishedBot(ctx, row.id, row.publishedVersionId!);
    const chatApp = (loaded.bot.document.settings as { chatApp?: ChatAppSettings }).chatApp;
    if (!chatApp?.isEnabled) continue;
    const candidate = { workspaceId: row.workspaceId, isClosed: row.isClosed === 1, ...loaded };
    if (chatApp.startCondition === undefined) unconditional ??= candidate;
    else if (matchesStartCondition(chatApp.startCondition, text)) return candidate;
  }
  return unconditional;
}
