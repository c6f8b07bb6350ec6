import type { Block, BlockType, BubbleBlockType, InputBlockType } from "../../schemas/blocks/index.js";
import type { ChatBubble, ChatInput, ChatLog, ClientSideAction, TextBubbleContentFormat } from "../../schemas/chat.js";
import type { TurnEffect } from "../effects.js";
import type { EnginePorts } from "../ports.js";
import type { ParsedReply, ReplyMessage } from "../replies/types.js";
import type { RuntimeBot } from "../runtime-bot.js";
import type { FlowPoint, SessionState } from "../session-state.js";
import type { VariableUpdate } from "../variables/update.js";

/** What every executor may read: the bot, the state as it is now, the ports, and the reply format. */
export type ExecutionContext = {
  bot: RuntimeBot;
  state: SessionState;
  ports: EnginePorts;
  format: TextBubbleContentFormat;
  /**
   * Bot links that keep their own result are passed over (a transcript replay: that part of the chat
   * is in the linked bot's result, not in the one replayed).
   */
  skipLinksWithOwnResult?: boolean;
  /** The largest value a block may give a variable (UTF-8 bytes of its text, JSON for lists); unset: no limit. */
  maxVariableBytes?: number;
  /** The block's inline `{{= … =}}` code, evaluated ahead by the walk: its text by code (undefined: failed). */
  inlineValues?: ReadonlyMap<string, string | undefined>;
};

export type { VariableUpdate } from "../variables/update.js";

/**
 * A logic or integration block's decision, as data: the edge to follow (a string), none (null: stop
 * here), or fall through to the next block (undefined), plus the variables, actions and logs it produced.
 */
export type ActionOutcome = {
  outgoingEdgeId?: string | null;
  /** Go straight to a block (Jump, Return), as if an edge led there. */
  goTo?: FlowPoint;
  /** Run another bot (Bot link) from `start`, then come back after this block. */
  link?: { bot: RuntimeBot; start: FlowPoint | { edgeId: string | undefined }; mergeResults: boolean };
  /** Changes to the session's own bookkeeping: return point, resume stack, e-mails sent. */
  navigation?: Partial<Pick<SessionState, "returnTo" | "resumeStack" | "emailsSent">>;
  variables?: VariableUpdate[];
  clientSideActions?: ClientSideAction[];
  logs?: ChatLog[];
  /** Done by the services once the turn is saved (an e-mail to send). */
  effects?: TurnEffect[];
  /**
   * A text bubble the client already showed for this block (an answer streamed into it): the flow
   * passes over it, and the transcript records it with the variables as this outcome leaves them.
   */
  shownBubbleId?: string;
  /** A message the block shows (a hand-off's waiting message), with its text for the transcript. */
  message?: { bubble: ChatBubble; text: string };
};

export type { ChatInput } from "../../schemas/chat.js";

type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

export type BubbleExecutor<T extends BubbleBlockType> = {
  kind: "bubble";
  /** The message to show, or undefined when the bubble has no content. */
  toBubble(block: BlockOf<T>, ctx: ExecutionContext): ChatBubble | undefined;
  /** True when the walk must pause after this bubble until the client reports an event. */
  waitsForEvent?(block: BlockOf<T>): boolean;
  /** The block shows `{{= … =}}` values: the walk evaluates them ahead (ExecutionContext.inlineValues). */
  evaluatesInlineCode?: true;
};

export type InputExecutor<T extends InputBlockType> = {
  kind: "input";
  /** Adjusts the templated block before it is sent (displayed items, resolved bounds...). */
  present?(block: BlockOf<T>, ctx: ExecutionContext): ChatInput;
  /** Validates and formats the visitor's reply against the templated block. */
  parseReply(block: BlockOf<T>, reply: ReplyMessage | undefined, ctx: ExecutionContext): ParsedReply;
};

export type ActionExecutor<T extends BlockType> = {
  kind: "action";
  execute(block: BlockOf<T>, ctx: ExecutionContext): ActionOutcome | Promise<ActionOutcome>;
  /**
   * For blocks that asked the client to do something and wait (an action with expectsDedicatedReply):
   * the client's reply arrives here; the outcome decides where the flow goes next.
   */
  resume?(block: BlockOf<T>, reply: string | undefined, ctx: ExecutionContext): ActionOutcome | Promise<ActionOutcome>;
  /** See BubbleExecutor. */
  evaluatesInlineCode?: true;
  /** Texts outside the block that it templates as well (a Transcript's replayed bubbles), evaluated ahead too. */
  moreInlineTexts?(block: BlockOf<T>, ctx: Pick<ExecutionContext, "bot" | "state">): string[];
};

export type ExecutorFor<T extends BlockType> = T extends BubbleBlockType
  ? BubbleExecutor<T>
  : T extends InputBlockType
    ? InputExecutor<T>
    : ActionExecutor<T>;

/** Exhaustive: a new block type does not compile until it has an executor. */
export type ExecutorRegistry = { [T in BlockType]: ExecutorFor<T> };
