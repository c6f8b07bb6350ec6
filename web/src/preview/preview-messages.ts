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

/** To the frame: draw the theme panel's still conversation with this theme (again on every change). */
export type PreviewTheme = { parley: "preview-theme"; theme: Record<string, unknown> };

export function parsePreviewTheme(data: unknown): PreviewTheme | undefined {
  const message = record(data);
  const theme = record(message?.theme);
  return message?.parley === "preview-theme" && theme ? { parley: "preview-theme", theme } : undefined;
}

export type PreviewLog = { status?: string; description: string };

/** A turn as the builder reads it (the running block, the logs, Save as test). */
export type PreviewTurn = {
  messages: { id: string; type: string; content: Record<string, unknown> }[];
  input?: { id: string; type: string; items?: Record<string, unknown>[] };
  clientSideActions?: { type: string }[];
  logs?: PreviewLog[];
};

/** From the frame: ready for a start; a turn arrived; the visitor sent an answer; a bubble is on screen. */
export type PreviewReport =
  | { parley: "preview-ready" }
  | { parley: "preview-turn"; turn: PreviewTurn }
  | { parley: "preview-reply"; text: string }
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
const MAX_ITEMS = 200;

/** Only the fields the builder reads, each checked; anything else in the message is dropped. */
function parseTurn(data: unknown): PreviewTurn | undefined {
  const turn = record(data);
  if (!turn || !Array.isArray(turn.messages)) return undefined;
  const messages = turn.messages
    .slice(0, MAX_ITEMS)
    .map(record)
    .filter((bubble) => bubble && shortText(bubble.id, 255) && shortText(bubble.type, 255))
    .map((bubble) => ({
      id: bubble!.id as string,
      type: bubble!.type as string,
      content: record(bubble!.content) ?? {},
    }));
  const input = record(turn.input);
  const actions = Array.isArray(turn.clientSideActions) ? turn.clientSideActions.slice(0, MAX_ITEMS).map(record) : [];
  const logs = (Array.isArray(turn.logs) ? turn.logs : [])
    .slice(0, MAX_LOGS)
    .map(record)
    .filter((log) => log && shortText(log.description) && optionalText(log.status))
    .map((log) => ({ description: log!.description as string, status: log!.status as string | undefined }));
  return {
    messages,
    ...(input && shortText(input.id, 255) && shortText(input.type, 255)
      ? {
          input: {
            id: input.id,
            type: input.type,
            ...(Array.isArray(input.items)
              ? { items: input.items.slice(0, MAX_ITEMS).map((item) => record(item) ?? {}) }
              : {}),
          },
        }
      : {}),
    clientSideActions: actions
      .filter((action) => action && shortText(action.type, 255))
      .map((action) => ({ type: action!.type as string })),
    logs,
  };
}

export function parsePreviewReport(data: unknown): PreviewReport | undefined {
  const message = record(data);
  switch (message?.parley) {
    case "preview-ready":
      return { parley: "preview-ready" };
    case "preview-bubble":
      return shortText(message.id, 255) ? { parley: "preview-bubble", id: message.id } : undefined;
    case "preview-reply":
      return shortText(message.text, 100_000) ? { parley: "preview-reply", text: message.text } : undefined;
    case "preview-turn": {
      const turn = parseTurn(message.turn);
      return turn ? { parley: "preview-turn", turn } : undefined;
    }
    default:
      return undefined;
  }
}
