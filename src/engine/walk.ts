import type { ChatBubble, ChatLog, ClientSideAction } from "../schemas/chat.js";
import { executorFor } from "./blocks/registry.js";
import type { TurnEffect } from "./effects.js";
import type { ActionOutcome, ChatInput, ExecutionContext } from "./blocks/executor.js";
import { evaluateInlineAhead } from "./blocks/inline-code.js";
import { showInput } from "./idle-timeout.js";
import { enterLinkedBot, leaveLinkedBot } from "./link-frames.js";
import { emptyTrail, finishedResult, type ResultTrail } from "./result-updates.js";
import type { RuntimeBot } from "./runtime-bot.js";
import type { BlockPosition, FlowPoint, SessionState } from "./session-state.js";
import { localizedBlock, translationTable } from "./translations/localize.js";
import { followLocaleVariable } from "./translations/session-locale.js";
import { recordBubble, recordShown } from "./transcript.js";
import { setVariableValues } from "./variables/update.js";

/** A flow without inputs that loops back on itself must not hold the server: stop it and say why. */
export const MAX_BLOCKS_PER_TURN = 1000;

export type WalkStart = { edgeId: string | undefined } | BlockPosition;

export type WalkResult = {
  /** The bot running when the walk stopped (a linked bot, or the session's own). */
  bot: RuntimeBot;
  messages: ChatBubble[];
  input?: ChatInput;
  clientSideActions: ClientSideAction[];
  logs: ChatLog[];
  /** What the services do once the turn is saved, in block order. */
  effects: TurnEffect[];
  /** The session state after the walk (variables, navigation). */
  state: SessionState;
  /** The block that waits for the visitor (an input, a waiting embed, an action expecting a reply). */
  currentBlockId?: string;
  ended: boolean;
  /** Linked bots with results of their own that the walk entered or finished. */
  results?: ResultTrail;
};

type Position = { group: RuntimeBot["document"]["groups"][number]; blockIndex: number };

function resolveStart(bot: RuntimeBot, start: WalkStart): Position | undefined {
  if ("groupId" in start) {
    const group = bot.groupById.get(start.groupId);
    return group ? { group, blockIndex: start.blockIndex } : undefined;
  }
  if (!start.edgeId) return undefined;
  const edge = bot.edgeById.get(start.edgeId);
  const group = edge ? bot.groupById.get(edge.to.groupId) : undefined;
  if (!edge || !group) return undefined;
  const blockIndex = edge.to.blockId ? group.blocks.findIndex((block) => block.id === edge.to.blockId) : 0;
  return { group, blockIndex: Math.max(blockIndex, 0) };
}

/** The next place to go: an edge or a direct position; when the path runs out, a queued resume point. */
function nextPosition(
  bot: RuntimeBot,
  state: SessionState,
  next: WalkStart | undefined,
): [Position | undefined, SessionState] {
  const position = next ? resolveStart(bot, next) : undefined;
  if (position || !state.resumeStack?.length) return [position, state];
  const resumeStack = state.resumeStack.slice(0, -1);
  const resumed = resolveStart(bot, state.resumeStack[state.resumeStack.length - 1]);
  return [resumed, { ...state, resumeStack: resumeStack.length ? resumeStack : undefined }];
}

/**
 * The outcome's variable values that fit `maxBytes`; each one that does not is left out (the variable
 * keeps its value) with an error log, so that no block can make a session hold more than that per variable.
 */
function withinVariableLimit(outcome: ActionOutcome, maxBytes: number | undefined, logs: ChatLog[]): ActionOutcome {
  if (!maxBytes || !outcome.variables?.length) return outcome;
  const kept = outcome.variables.filter((update) => {
    if (!exceeds(update.value, maxBytes)) return true;
    logs.push({
      status: "error",
      description: `A value larger than ${maxBytes} bytes was not stored in a variable`,
      details: `Variable id: ${update.id}`,
    });
    return false;
  });
  return kept.length === outcome.variables.length ? outcome : { ...outcome, variables: kept };
}

const utf8 = new TextEncoder();
/** UTF-8 takes one to three bytes per UTF-16 unit: the text is encoded only when its length cannot tell. */
function exceeds(value: unknown, maxBytes: number): boolean {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return utf8.encode(text).byteLength > maxBytes;
}

function applyOutcome(state: SessionState, outcome: ActionOutcome): SessionState {
  let next = state;
  if (outcome.variables?.length) next = { ...next, variables: setVariableValues(next.variables, outcome.variables) };
  if (outcome.navigation) next = { ...next, ...outcome.navigation };
  return next;
}

/**
 * Runs blocks from `start` until an input (or another block that waits for the visitor) is reached
 * or no edge is left. Pure apart from the ports in `context`: it returns what happened as data.
 */
export async function walkFlow(
  startBot: RuntimeBot,
  initialState: SessionState,
  start: WalkStart,
  context: Omit<ExecutionContext, "bot" | "state"> & { knownBots?: readonly RuntimeBot[] },
): Promise<WalkResult> {
  let bot = startBot;
  const bots = new Map([...(context.knownBots ?? []), startBot].map((known) => [known.id, known]));
  const messages: ChatBubble[] = [];
  const clientSideActions: ClientSideAction[] = [];
  const logs: ChatLog[] = [];
  const effects: TurnEffect[] = [];
  let state = initialState;
  let lastBubbleBlockId: string | undefined;
  let steps = 0;
  const results = emptyTrail();
  const result = (extra: Partial<WalkResult>): WalkResult => ({
    bot,
    messages,
    clientSideActions,
    logs,
    effects,
    state,
    ended: false,
    results,
    ...extra,
  });

  /** Where to go next, leaving finished linked bots for the bots that linked to them. */
  const advance = async (next: WalkStart | undefined): Promise<Position | undefined> => {
    let position: Position | undefined;
    [position, state] = nextPosition(bot, state, next);
    while (!position && state.linkStack?.length) {
      const stack = state.linkStack.slice(0, -1);
      const frame = state.linkStack[state.linkStack.length - 1];
      const parent =
        bots.get(frame.botId) ?? (await context.ports.bots?.load(frame.botId, state.mode, state.workspaceId));
      if (!parent) return undefined;
      bots.set(parent.id, parent);
      const finished = frame.separate ? finishedResult(state, bot) : undefined;
      bot = parent;
      state = leaveLinkedBot(state, frame, stack);
      if (finished) results.finished.push(finished);
      if (frame.separate?.resultId) results.entered.push(frame.separate.resultId);
      [position, state] = nextPosition(bot, state, frame.resumeAt);
    }
    return position;
  };

  let position = await advance(start);
  while (position) {
    const { group } = position;
    let next: WalkStart | undefined;
    for (let index = position.blockIndex; index < group.blocks.length; index++) {
      if (++steps > MAX_BLOCKS_PER_TURN) {
        logs.push({
          status: "error",
          description: `The flow ran more than ${MAX_BLOCKS_PER_TURN} blocks without waiting for the visitor and was stopped`,
          details: `Last group: ${group.title}`,
        });
        return result({ ended: true });
      }
      // The visitor's language: texts with a translation show it, the others the default language's.
      const block = localizedBlock(group.blocks[index], translationTable(bot, state));
      next = block.outgoingEdgeId ? { edgeId: block.outgoingEdgeId } : undefined;
      const executor = executorFor(block);
      const inlineValues = executor.evaluatesInlineCode
        ? await evaluateInlineAhead(
            block,
            state,
            context.ports,
            executor.kind === "action" ? executor.moreInlineTexts({ bot, state }) : undefined,
          )
        : undefined;
      const ctx: ExecutionContext = { ...context, bot, state, ...(inlineValues ? { inlineValues } : {}) };
      if (executor.kind === "bubble") {
        const bubble = executor.toBubble(ctx);
        if (bubble) {
          messages.push(bubble);
          lastBubbleBlockId = bubble.id;
          state = recordBubble(state, bubble, block, ctx);
        }
        if (executor.waitsForEvent()) return result({ currentBlockId: block.id });
        continue;
      }
      if (executor.kind === "input") {
        const shown = showInput(block, executor.present(ctx), state, context.ports.clock);
        state = shown.state;
        return result({ input: shown.input, currentBlockId: block.id });
      }
      const outcome: ActionOutcome = withinVariableLimit(await executor.execute(ctx), context.maxVariableBytes, logs);
      state = followLocaleVariable(bot, applyOutcome(state, outcome), outcome.variables);
      if (outcome.logs) logs.push(...outcome.logs);
      if (outcome.effects) effects.push(...outcome.effects);
      if (outcome.message) {
        messages.push(outcome.message.bubble);
        lastBubbleBlockId = outcome.message.bubble.id;
        state = recordShown(state, "bot", outcome.message.text);
      }
      for (const action of outcome.clientSideActions ?? [])
        clientSideActions.push(lastBubbleBlockId ? { ...action, lastBubbleBlockId } : action);
      if (outcome.clientSideActions?.some((action) => action.expectsDedicatedReply))
        return result({ currentBlockId: block.id });
      if (outcome.link) {
        const resumeAt: FlowPoint = block.outgoingEdgeId
          ? { edgeId: block.outgoingEdgeId }
          : { groupId: group.id, blockIndex: index + 1 };
        const { bot: child, mergeResults } = outcome.link;
        state = enterLinkedBot(state, {
          parent: bot,
          child,
          resumeAt,
          mergeResults,
          newResultId: () => context.ports.random.id(),
        });
        if (!mergeResults && state.resultId) results.entered.push(state.resultId);
        bot = child;
        bots.set(bot.id, bot);
        next = outcome.link.start;
        break;
      }
      if (outcome.goTo) {
        next = outcome.goTo;
        break;
      }
      if (outcome.outgoingEdgeId === null) {
        next = undefined;
        break;
      }
      if (typeof outcome.outgoingEdgeId === "string") {
        next = { edgeId: outcome.outgoingEdgeId };
        break;
      }
    }
    position = await advance(next);
  }
  return result({ ended: true });
}
