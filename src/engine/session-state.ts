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
  resultId?: string;
  currentBlockId?: string;
  variables: VariableLike[];
  answers: SessionAnswer[];
  /** Answers saved so far, for progress and the result's position counter. */
  totalAnswers: number;
  isProgressBarEnabled: boolean;
  isStreamEnabled?: boolean;
};

export const CURRENT_SESSION_STATE_VERSION = 1;
