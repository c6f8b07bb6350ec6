import { z } from "zod";
import { variableValueSchema } from "./bot.js";

/**
 * What a session row holds between two turns (`sessions.state`, JSON): small on purpose. The bot
 * itself is not copied in; the session refers to the immutable version it runs. Stored rows are read
 * through `loadSessionState` (session-state-upgrade.ts), which brings older versions to this one.
 *
 * Version 2: `resultAnswers` is always present (version 1 left it out in previews and in sessions
 * from before it existed, and every reader had to fall back to `totalAnswers`).
 * Version 3: `transcript`, the messages as shown, replaces `answerHistory` (the answers alone, from
 * which a Transcript rebuilt the bubbles with the values of the moment it ran, and missed some).
 */
export const SESSION_STATE_VERSION = 3;

/** A variable as the session carries it: the bot's variable with its current value (other keys kept). */
export const sessionVariableSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  value: variableValueSchema.optional(),
  isSessionVariable: z.boolean().optional(),
});

/** One answer as the flow sees it: the latest value per answer key (variable name or group title). */
export const sessionAnswerSchema = z.object({ key: z.string(), blockId: z.string(), value: z.string() });

/**
 * One message of the chat as the visitor saw it: a bubble's text (a media bubble's URL) with the values
 * its variables had then, or an answer. A session stored before this record began (version 2) starts
 * with `bubblesBefore` entries instead of the bubbles it had shown before each answer (the input's
 * block id): a Transcript renders those from the bot, with the values of the moment it runs.
 */
export const transcriptEntrySchema = z.union([
  z.object({ role: z.enum(["bot", "user"]), text: z.string() }),
  z.object({ bubblesBefore: z.string() }),
]);

/** A block of the session's bot, by group id and index in the group. */
export const blockPositionSchema = z.object({ groupId: z.string(), blockIndex: z.number().int().nonnegative() });

/** A place in the flow: an edge to follow or a block to start at. */
export const flowPointSchema = z.union([z.object({ edgeId: z.string() }), blockPositionSchema]);

/** What a bot keeps aside while a linked bot with its own result runs. */
export const separateResultSchema = z.object({
  answers: z.array(sessionAnswerSchema),
  /** Unset in previews, which have no results. */
  resultId: z.string().optional(),
  resultAnswers: z.number().int().nonnegative(),
});

/** A bot waiting for the bot it linked to: where to go on, and its own variables and navigation. */
export const linkFrameSchema = z.object({
  botId: z.string(),
  /** The published version the waiting bot runs (live chats), for its result's row. */
  botVersionId: z.string().optional(),
  resumeAt: flowPointSchema.optional(),
  variables: z.array(sessionVariableSchema),
  returnTo: flowPointSchema.optional(),
  resumeStack: z.array(flowPointSchema).optional(),
  /**
   * Set when the linked bot does not merge its results: it answers on a result of its own, and the
   * waiting bot gets back its answers, result and counter as they were (its variables too).
   */
  separate: separateResultSchema.optional(),
});

/** A chat held in a messaging app (issue 21): which app, and who the contact is there. */
export const chatAppContactSchema = z.object({
  channel: z.enum(["whatsapp", "telegram"]),
  /** The WhatsApp phone number, or the Telegram user id. */
  contactId: z.string(),
  contactName: z.string().optional(),
});

export const sessionStateSchema = z.object({
  version: z.literal(SESSION_STATE_VERSION),
  /** registered: started with isOnlyRegistering, nothing ran yet; waiting: a block awaits a reply. */
  status: z.enum(["registered", "waiting", "completed"]),
  mode: z.enum(["live", "preview"]),
  botId: z.string(),
  /** The result answers go to: the session's own, or that of a linked bot that keeps its own. */
  resultId: z.string().optional(),
  /** Answers saved on `resultId` so far (in previews, which have no result: on the chat, as `totalAnswers`). */
  resultAnswers: z.number().int().nonnegative(),
  currentBlockId: z.string().optional(),
  variables: z.array(sessionVariableSchema),
  answers: z.array(sessionAnswerSchema),
  /**
   * The chat so far as the visitor saw it, for a Transcript: every bubble shown (in linked bots, through
   * loops, jumps and returns) and every answer, in order; the oldest go first past a bound.
   */
  transcript: z.array(transcriptEntrySchema),
  /** Answers saved so far in the whole chat, linked bots included (progress). */
  totalAnswers: z.number().int().nonnegative(),
  isProgressBarEnabled: z.boolean(),
  isStreamEnabled: z.boolean().optional(),
  /** Where a Return block goes back to: after the last Jump, or where an event interrupted the flow. */
  returnTo: flowPointSchema.optional(),
  /** Where the flow goes on when the current path runs out (set by command events with resumeAfter). */
  resumeStack: z.array(flowPointSchema).optional(),
  /** The workspace whose bots a Bot link block may run. */
  workspaceId: z.string().optional(),
  /** The linked bot running now; unset while the session's own bot runs. */
  currentBotId: z.string().optional(),
  /** Bots that linked to the running one and wait for it to finish, innermost last. */
  linkStack: z.array(linkFrameSchema).optional(),
  /**
   * The language the visitor sees (issue #23), one of the bot's `settings.languages`. Unset in bots
   * with one language and in sessions from before languages existed: the blocks' own texts.
   */
  locale: z.string().optional(),
  /**
   * When the waiting input's idle path may be taken (epoch milliseconds, from the clock when it was shown).
   * Unset when the waiting block has no idle timeout, and in sessions from before idle timeouts existed.
   */
  idleDeadline: z.number().optional(),
  /** Emails sent by this session's Email blocks (a session may send at most a few). */
  emailsSent: z.number().int().nonnegative().optional(),
  /** Set when the chat runs in a messaging app rather than a web page. */
  chatApp: chatAppContactSchema.optional(),
  /**
   * Kept by the services, not the engine: the last outside call that resumed a wait-for-webhook block,
   * with the reply it produced, until the visitor's next message. The visitor's client reads the reply
   * from here (its events stream), and a second call for that block is told it came too late.
   */
  lastWebhookCall: z.object({ blockId: z.string(), reply: z.record(z.string(), z.unknown()) }).optional(),
});

export type SessionState = z.infer<typeof sessionStateSchema>;
export type ChatAppContact = z.infer<typeof chatAppContactSchema>;
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;
export type LinkFrame = z.infer<typeof linkFrameSchema>;
export type SeparateResult = z.infer<typeof separateResultSchema>;
export type BlockPosition = z.infer<typeof blockPositionSchema>;
export type FlowPoint = z.infer<typeof flowPointSchema>;
