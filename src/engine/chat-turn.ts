import type { ReplyLengthLimits } from "./replies/reply-length.js";
import type { ChatBubble, ChatLog, ClientSideAction, DynamicTheme, TextBubbleContentFormat } from "../schemas/chat.js";
import type { NewAnswer } from "./answers.js";
import type { TurnEffect } from "./effects.js";
import type { ChatInput } from "./blocks/executor.js";
import type { EnginePorts } from "./ports.js";
import { withoutIdleDeadline } from "./idle-timeout.js";
import { computeProgress } from "./progress.js";
import { touchedResults, type ResultUpdate } from "./result-updates.js";
import type { RuntimeBot } from "./runtime-bot.js";
import type { SessionState } from "./session-state.js";
import { substituteVariables } from "./variables/substitute.js";
import type { VariableLike } from "./variables/types.js";
import type { WalkResult } from "./walk.js";

/** What the client receives for one turn (continueChat's body; start adds session and bot fields). */
export type ChatReply = {
  lastMessageNewFormat?: string;
  messages: ChatBubble[];
  input?: ChatInput;
  clientSideActions?: ClientSideAction[];
  logs?: ChatLog[];
  dynamicTheme?: DynamicTheme;
  progress?: number;
};

/** One engine step: the next state, the reply, and what the services must persist, as data. */
export type TurnResult = {
  state: SessionState;
  reply: ChatReply;
  /** Each on the result it was given to. */
  newAnswers: NewAnswer[];
  /** The results the turn touched, to be written (none in previews). Logs go to `state.resultId`. */
  results: ResultUpdate[];
  /** Every log of the turn (the reply may show fewer in live chats). */
  logs: ChatLog[];
  /** To be stored with the turn and done once it is saved (never for a turn that was not). */
  effects: TurnEffect[];
  ended: boolean;
  /** The input the visitor left unanswered past its idle timeout, when this turn took its idle path. */
  idled?: IdledInput;
};

/** An input whose idle path was taken, on the result it belonged to (unset in previews). */
export type IdledInput = { resultId?: string; blockId: string; groupId: string; seconds: number };

export type TurnOptions = {
  ports: EnginePorts;
  format: TextBubbleContentFormat;
  /** Bots already loaded (the session's own), so that leaving a linked bot needs no load. */
  knownBots?: readonly RuntimeBot[];
  /** See ExecutionContext: a transcript replay passes over linked bots that keep their own result. */
  skipLinksWithOwnResult?: boolean;
  /** See ExecutionContext. */
  maxVariableBytes?: number;
  /** Characters a reply may have, by input type, before it is parsed; engine defaults when unset. */
  maxReplyLength?: ReplyLengthLimits;
  /**
   * The turn is an outside system's call to the wait-for-webhook block the session waits on (its
   * posted body is the message). Only such a turn resumes that block; a visitor's message does not.
   */
  resumesWebhook?: boolean;
  /** The turn resumes a hand-off block (its timeout fired, or an operator handed the chat back). */
  resumesHandOff?: boolean;
};

/** Avatar URLs that hold `{{variables}}` follow the variables' current values. */
export function computeDynamicTheme(bot: RuntimeBot, variables: readonly VariableLike[]): DynamicTheme | undefined {
  const chat = (bot.document.theme as { chat?: { hostAvatar?: { url?: string }; guestAvatar?: { url?: string } } })
    .chat;
  const host = chat?.hostAvatar?.url;
  const guest = chat?.guestAvatar?.url;
  if (!host?.includes("{{") && !guest?.includes("{{")) return undefined;
  const theme: DynamicTheme = {};
  if (host) theme.hostAvatarUrl = substituteVariables(host, variables);
  if (guest) theme.guestAvatarUrl = substituteVariables(guest, variables);
  return theme;
}

/** Folds a walk into the session state and the reply. */
export function finishTurn(
  bot: RuntimeBot,
  state: SessionState,
  walk: WalkResult,
  extra: {
    messagesBefore?: ChatBubble[];
    newAnswers?: NewAnswer[];
    logsBefore?: ChatLog[];
    clientSideActionsBefore?: ClientSideAction[];
    lastMessageNewFormat?: string;
    idled?: IdledInput;
  },
): TurnResult {
  // Only a shown input with an idle path keeps a deadline (the walk set it when it showed the input).
  const walked = walk.input ? walk.state : withoutIdleDeadline(walk.state);
  const next: SessionState = {
    ...walked,
    status: walk.ended ? "completed" : "waiting",
    currentBlockId: walk.ended ? undefined : walk.currentBlockId,
  };
  const logs = [...(extra.logsBefore ?? []), ...walk.logs];
  const reply: ChatReply = { messages: [...(extra.messagesBefore ?? []), ...walk.messages] };
  if (extra.lastMessageNewFormat !== undefined) reply.lastMessageNewFormat = extra.lastMessageNewFormat;
  if (walk.input) reply.input = walk.input;
  const clientSideActions = [...(extra.clientSideActionsBefore ?? []), ...walk.clientSideActions];
  if (clientSideActions.length > 0) reply.clientSideActions = clientSideActions;
  if (logs.length > 0) reply.logs = logs;
  const dynamicTheme = computeDynamicTheme(bot, walk.state.variables);
  if (dynamicTheme) reply.dynamicTheme = dynamicTheme;
  if (state.isProgressBarEnabled) {
    const progress = computeProgress(walk.bot, next.totalAnswers, walk.input?.id, walk.ended);
    if (progress !== undefined) reply.progress = progress;
  }
  const results = touchedResults(state, next, walk.bot, walk.results, walk.ended);
  const turn: TurnResult = {
    state: next,
    reply,
    newAnswers: extra.newAnswers ?? [],
    results,
    logs,
    effects: walk.effects,
    ended: walk.ended,
  };
  if (extra.idled) turn.idled = extra.idled;
  return turn;
}
