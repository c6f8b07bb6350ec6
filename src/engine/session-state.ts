import type { VariableLike } from "./variables/types.js";

/** One answer as the flow sees it: the latest value per answer key (variable name or group title). */
export type SessionAnswer = { key: string; blockId: string; value: string };

/**
 * What a session row holds between two turns: small on purpose. The bot itself is not copied in; the
 * session refers to the immutable version it runs.
 */
export type SessionState = {
  version: 1;
  /** registered: started with isOnlyRegistering, nothing ran yet; waiting: a block awaits a reply. */
  status: "registered" | "waiting" | "completed";
  mode: "live" | "preview";
  botId: string;
  /** The result answers go to: the session's own, or that of a linked bot that keeps its own. */
  resultId?: string;
  /** Answers saved on `resultId` so far; unset in sessions from before it existed: then `totalAnswers`. */
  resultAnswers?: number;
  currentBlockId?: string;
  variables: VariableLike[];
  answers: SessionAnswer[];
  /**
   * Every answer in the order given, earlier passes through loops included (a Transcript reads it);
   * the oldest go first past a bound. Unset in sessions from before it existed: then `answers`.
   */
  answerHistory?: SessionAnswer[];
  /** Answers saved so far in the whole chat, linked bots included (progress). */
  totalAnswers: number;
  isProgressBarEnabled: boolean;
  isStreamEnabled?: boolean;
  /** Where a Return block goes back to: after the last Jump, or where an event interrupted the flow. */
  returnTo?: FlowPoint;
  /** Where the flow goes on when the current path runs out (set by command events with resumeAfter). */
  resumeStack?: FlowPoint[];
  /** The workspace whose bots a Bot link block may run. */
  workspaceId?: string;
  /** The linked bot running now; unset while the session's own bot runs. */
  currentBotId?: string;
  /** Bots that linked to the running one and wait for it to finish, innermost last. */
  linkStack?: LinkFrame[];
  /** Emails sent by this session's Email blocks (a session may send at most a few). */
  emailsSent?: number;
};

/** A bot waiting for the bot it linked to: where to go on, and its own variables and navigation. */
export type LinkFrame = {
  botId: string;
  /** The published version the waiting bot runs (live chats), for its result's row. */
  botVersionId?: string;
  resumeAt?: FlowPoint;
  variables: VariableLike[];
  returnTo?: FlowPoint;
  resumeStack?: FlowPoint[];
  /**
   * Set when the linked bot does not merge its results: it answers on a result of its own, and the
   * waiting bot gets back its answers, result and counter as they were (its variables too).
   */
  separate?: SeparateResult;
};

/** What a bot keeps aside while a linked bot with its own result runs. */
export type SeparateResult = {
  answers: SessionAnswer[];
  /** Unset in previews, which have no results. */
  resultId?: string;
  resultAnswers?: number;
};

/** A block of the session's bot, by group id and index in the group. */
export type BlockPosition = { groupId: string; blockIndex: number };
/** A place in the flow: an edge to follow or a block to start at. */
export type FlowPoint = { edgeId: string } | BlockPosition;

export const CURRENT_SESSION_STATE_VERSION = 1;
