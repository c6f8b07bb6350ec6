/**
 * The builder and its sandboxed preview frame talk by postMessage only. The frame is an opaque
 * origin running the draft's own code, so each side reads only these shapes, checked on arrival.
 */
export type PreviewStart = {
  parley: "preview-start";
  botId: string;
  /** The draft as it is in the editor now (not as last saved). */
  bot: Record<string, unknown>;
  startFrom?: { type: "group"; groupId: string };
  /** A 15-minute token that starts previews of this bot only (POST /api/v1/bots/{botId}/preview/token). */
  token: string;
};

export type PreviewLog = { status?: string; description: string };

/** From the frame: ready for a start; a turn arrived; a bubble is on screen. */
export type PreviewReport =
  | { parley: "preview-ready" }
  | { parley: "preview-turn"; inputId?: string; lastMessageId?: string; logs: PreviewLog[] }
  | { parley: "preview-bubble"; id: string };

const record = (data: unknown): Record<string, unknown> | undefined =>
  data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
const shortText = (value: unknown, max = 10_000): value is string => typeof value === "string" && value.length <= max;
const optionalText = (value: unknown): value is string | undefined => value === undefined || shortText(value, 255);

export function parsePreviewStart(data: unknown): PreviewStart | undefined {
  const message = record(data);
  if (message?.parley !== "preview-start" || !shortText(message.botId, 255) || !shortText(message.token, 255))
    return undefined;
  const bot = record(message.bot);
  const startFrom = record(message.startFrom);
  if (!bot) return undefined;
  if (message.startFrom !== undefined && (startFrom?.type !== "group" || !shortText(startFrom.groupId, 255)))
    return undefined;
  return {
    parley: "preview-start",
    botId: message.botId,
    bot,
    token: message.token,
    ...(startFrom ? { startFrom: { type: "group", groupId: startFrom.groupId as string } } : {}),
  };
}

const MAX_LOGS = 50;

export function parsePreviewReport(data: unknown): PreviewReport | undefined {
  const message = record(data);
  switch (message?.parley) {
    case "preview-ready":
      return { parley: "preview-ready" };
    case "preview-bubble":
      return shortText(message.id, 255) ? { parley: "preview-bubble", id: message.id } : undefined;
    case "preview-turn": {
      if (!optionalText(message.inputId) || !optionalText(message.lastMessageId) || !Array.isArray(message.logs))
        return undefined;
      const logs = message.logs
        .slice(0, MAX_LOGS)
        .map(record)
        .filter((log) => log && shortText(log.description) && optionalText(log.status))
        .map((log) => ({ description: log!.description as string, status: log!.status as string | undefined }));
      return { parley: "preview-turn", inputId: message.inputId, lastMessageId: message.lastMessageId, logs };
    }
    default:
      return undefined;
  }
}
