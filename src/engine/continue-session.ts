import { AppError } from "../errors.js";
import { isInputBlock, type InputBlock } from "../schemas/blocks/index.js";
import type { ChatMessage } from "../schemas/chat.js";
import { saveAnswer } from "./answers.js";
import { executorFor } from "./blocks/registry.js";
import type { ExecutionContext } from "./blocks/executor.js";
import { textBubble } from "./blocks/bubbles/text.js";
import { finishTurn, type TurnOptions, type TurnResult } from "./chat-turn.js";
import { isReplyTooLong } from "./replies/reply-length.js";
import { mergeResultUpdates } from "./result-updates.js";
import { retryMessageText } from "./replies/retry-message.js";
import type { ReplyMessage } from "./replies/types.js";
import { toReplyMessage } from "./reply-message.js";
import type { RuntimeBot } from "./runtime-bot.js";
import type { FlowPoint, SessionState } from "./session-state.js";
import { assertIdleDue, showInput, withoutIdleDeadline } from "./idle-timeout.js";
import { findCommandEvent, findEvent, replyEventVariables } from "./events.js";
import { serializeVariableValue } from "./variables/serialize.js";
import { substituteVariables } from "./variables/substitute.js";
import { setVariableValues } from "./variables/update.js";
import { bubbleTranscriptText, recordShown } from "./transcript.js";
import { walkFlow, type WalkResult, type WalkStart } from "./walk.js";
import { localizedBlock, localizedSystemMessage, translationTable } from "./translations/localize.js";
import { followLocaleVariable } from "./translations/session-locale.js";

/** Where the flow goes after the current block: its chosen edge, else the next block of its group. */
function nextStart(bot: RuntimeBot, blockId: string, edgeId: string | undefined): WalkStart {
  if (edgeId) return { edgeId };
  const location = bot.blockById.get(blockId);
  return location ? { groupId: location.group.id, blockIndex: location.blockIndex + 1 } : { edgeId: undefined };
}

/** The block the session waits on, as a place to come back to. */
function positionOf(bot: RuntimeBot, blockId: string | undefined): FlowPoint | undefined {
  const location = blockId ? bot.blockById.get(blockId) : undefined;
  return location ? { groupId: location.group.id, blockIndex: location.blockIndex } : undefined;
}

/**
 * A command jumps to its event's flow. With resumeAfter the chat comes back to where it was when that
 * flow ends; otherwise a Return block in it does.
 */
async function runCommand(
  bot: RuntimeBot,
  state: SessionState,
  command: string,
  options: TurnOptions,
): Promise<TurnResult> {
  const event = findCommandEvent(bot, command);
  if (!event) throw new AppError("UNKNOWN_COMMAND", "Command event not found");
  const here = positionOf(bot, state.currentBlockId);
  const navigated: SessionState =
    here && event.options?.resumeAfter
      ? { ...state, resumeStack: [...(state.resumeStack ?? []), here] }
      : { ...state, returnTo: here };
  const walk = await walkFlow(bot, navigated, { edgeId: event.outgoingEdgeId }, options);
  return finishTurn(bot, navigated, walk, {});
}

function invalidReply(bot: RuntimeBot, state: SessionState, block: InputBlock, ctx: ExecutionContext): TurnResult {
  const systemMessage = localizedSystemMessage(bot, state, "invalidMessage");
  const options = block.options as { retryMessageContent?: string } | undefined;
  const text = retryMessageText(
    block.type,
    options?.retryMessageContent
      ? { retryMessageContent: substituteVariables(options.retryMessageContent, state.variables) }
      : undefined,
    systemMessage ? substituteVariables(systemMessage, state.variables) : undefined,
  );
  // The input is shown again, so its idle timer starts again.
  const shown = showInput(block, executorFor(block).present(ctx), state, ctx.ports.clock);
  return finishTurn(
    bot,
    state,
    {
      bot,
      messages: [],
      clientSideActions: [],
      logs: [],
      effects: [],
      state: shown.state,
      ended: false,
      input: shown.input,
      currentBlockId: block.id,
    },
    { messagesBefore: [textBubble(block.id, [{ type: "p", children: [{ text }] }], ctx.format)] },
  );
}

/** The bot the session is in: its own, or the linked bot it went into. */
async function runningBot(root: RuntimeBot, state: SessionState, options: TurnOptions): Promise<RuntimeBot> {
  if (!state.currentBotId || state.currentBotId === root.id) return root;
  const linked = await options.ports.bots?.load(state.currentBotId, state.mode, state.workspaceId);
  if (!linked)
    throw new AppError(
      "LINKED_BOT_UNAVAILABLE",
      "The linked bot this chat was in is no longer available. Start a new chat.",
    );
  return linked;
}

/** Answers the block the session waits on with the visitor's message, then walks on. */
export async function continueSession(
  root: RuntimeBot,
  state: SessionState,
  message: ChatMessage | null | undefined,
  turnOptions: TurnOptions,
): Promise<TurnResult> {
  if (state.status === "completed")
    throw new AppError("CHAT_ENDED", "This chat has ended. Start a new chat to talk to the bot again.");
  const options: TurnOptions = { ...turnOptions, knownBots: [root] };
  const bot = await runningBot(root, state, options);
  const reply = toReplyMessage(message);
  if (state.status === "registered")
    return runStartFlow(
      bot,
      { ...state, status: "waiting" },
      { edgeId: undefined, fromStartEvent: true },
      reply,
      options,
    );

  if (message && typeof message === "object" && message.type === "command")
    return runCommand(bot, state, message.command, options);

  const location = state.currentBlockId ? bot.blockById.get(state.currentBlockId) : undefined;
  if (!location) throw new AppError("NOT_WAITING_FOR_REPLY", "This chat is not waiting for a reply");
  assertWebhookTurn(location.block.type === "webhook", options.resumesWebhook === true);
  assertHandOffTurn(location.block.type === "hand off", options.resumesHandOff === true);
  if (message && typeof message === "object" && message.type === "idle") {
    const block = location.block;
    // Only once the deadline has passed; an ordinary answer that comes later still answers the input.
    const idleTimeout = assertIdleDue(block, state, options.ports.clock);
    const cleared = withoutIdleDeadline(state);
    const walk = await walkFlow(bot, cleared, { edgeId: idleTimeout.outgoingEdgeId }, options);
    const idled = { blockId: block.id, groupId: location.group.id, seconds: idleTimeout.seconds };
    return finishTurn(bot, cleared, walk, { idled: state.resultId ? { ...idled, resultId: state.resultId } : idled });
  }
  // The block as the visitor saw it: a reply in their language matches its translated labels.
  const table = translationTable(bot, state);
  const block = localizedBlock(location.block, table);
  const ctx: ExecutionContext = { bot, state, ports: options.ports, format: options.format };

  if (isInputBlock(block)) {
    // Too long for its input (a phone number of 100,000 characters): refused like any invalid reply, unparsed.
    const parsed = isReplyTooLong(block.type, reply, options.maxReplyLength)
      ? ({ status: "fail" } as const)
      : executorFor(block).parseReply(reply, ctx);
    if (parsed.status === "fail") {
      // An invalidReply event takes over from the retry message; a Return block brings the input back.
      const invalidEvent = findEvent(bot, "invalidReply");
      if (!invalidEvent) return invalidReply(bot, state, block, ctx);
      const variables = setVariableValues(
        state.variables,
        replyEventVariables(bot, invalidEvent, block.id, block.type, reply?.text),
      );
      return walkFromEvent(
        bot,
        { ...state, variables, returnTo: positionOf(bot, block.id) },
        invalidEvent.outgoingEdgeId,
        options,
        {},
      );
    }
    if (parsed.status === "skip") return walkOn(bot, state, block.id, block.outgoingEdgeId, options, {});
    const extra = (parsed.variablesToUpdate ?? []).map((update) => ({ id: update.variableId, value: update.value }));
    const answered = saveAnswer(bot, state, block, parsed.content, reply, extra);
    // An input saving to `locale` (a language picker) switches the language like a Set variable.
    const answerVariableId = (block.options as { variableId?: string } | undefined)?.variableId;
    const saved = answerVariableId
      ? { ...answered, state: followLocaleVariable(bot, answered.state, [{ id: answerVariableId }]) }
      : answered;
    // A pick in another language is saved as the default language's value; the visitor keeps seeing their words.
    const keepsVisitorWords =
      table !== undefined && (block.type === "choice input" || block.type === "picture choice input");
    const lastMessageNewFormat =
      reply && parsed.content !== reply.text && !keepsVisitorWords ? parsed.content : undefined;
    const turnExtra = { newAnswers: [saved.answer], lastMessageNewFormat };
    const edgeId = parsed.outgoingEdgeId ?? block.outgoingEdgeId;
    // A reply event runs after the answer is saved; a Return block then goes on where the answer led.
    const replyEvent = findEvent(bot, "reply");
    if (replyEvent) {
      const variables = setVariableValues(
        saved.state.variables,
        replyEventVariables(bot, replyEvent, block.id, block.type, reply?.text),
      );
      const after = nextStart(bot, block.id, edgeId);
      const returnTo = "groupId" in after || after.edgeId ? (after as FlowPoint) : undefined;
      return walkFromEvent(bot, { ...saved.state, variables, returnTo }, replyEvent.outgoingEdgeId, options, turnExtra);
    }
    return walkOn(bot, saved.state, block.id, edgeId, options, turnExtra);
  }

  // An embed waiting for an event: the client reports the event's data as the reply.
  if (block.type === "embed") {
    const variableId = block.content?.waitForEvent?.saveDataInVariableId;
    const next =
      variableId && reply
        ? {
            ...state,
            variables: setVariableValues(state.variables, [
              { id: variableId, value: serializeVariableValue(reply.text) },
            ]),
          }
        : state;
    return walkOn(bot, next, block.id, block.outgoingEdgeId, options, {});
  }
  // A block that asked the client to act (run code, call a URL, stream a reply) gets the client's answer.
  const executor = executorFor(block);
  if (executor.kind === "action" && executor.resume) {
    const outcome = await executor.resume(reply?.text, ctx);
    const resumed = outcome.variables?.length
      ? followLocaleVariable(
          bot,
          { ...state, variables: setVariableValues(state.variables, outcome.variables) },
          outcome.variables,
        )
      : state;
    // A streamed answer the block showed itself is recorded as the client showed it, then its own messages.
    const streamedOwn = outcome.bubbles && reply?.text ? recordShown(resumed, "bot", reply.text) : resumed;
    const shownOwn = (outcome.bubbles ?? []).reduce(
      (current, own) => recordShown(current, "bot", own.text),
      streamedOwn,
    );
    const next = recordStreamedBubble(bot, shownOwn, outcome.shownBubbleId);
    const extra = {
      logsBefore: outcome.logs,
      clientSideActionsBefore: outcome.clientSideActions,
      ...(outcome.bubbles?.length ? { messagesBefore: outcome.bubbles.map((own) => own.bubble) } : {}),
    };
    if (outcome.outgoingEdgeId === null) return finishTurn(bot, next, endedWalk(bot, next), extra);
    if (outcome.goTo) return finishTurn(bot, next, await walkFlow(bot, next, outcome.goTo, options), extra);
    return walkOn(bot, next, block.id, outcome.outgoingEdgeId ?? block.outgoingEdgeId, options, extra);
  }
  return walkOn(bot, state, block.id, block.outgoingEdgeId, options, {});
}

/** The bubble the client streamed an answer into, recorded as shown: filled with the answer just saved. */
function recordStreamedBubble(bot: RuntimeBot, state: SessionState, blockId: string | undefined): SessionState {
  const location = blockId ? bot.blockById.get(blockId) : undefined;
  if (!location) return state;
  const block = localizedBlock(location.block, translationTable(bot, state));
  return recordShown(state, "bot", bubbleTranscriptText(block, { state }));
}

/** A wait-for-webhook block is resumed by its outside call only, and that call resumes nothing else. */
function assertWebhookTurn(waitsForWebhook: boolean, resumesWebhook: boolean): void {
  if (waitsForWebhook && !resumesWebhook)
    throw new AppError(
      "WAITING_FOR_WEBHOOK",
      "This chat is waiting for an outside system to call its webhook; it goes on once the call arrives",
    );
  if (resumesWebhook && !waitsForWebhook)
    throw new AppError("WEBHOOK_NOT_WAITING", "This chat is not waiting for a call at this block");
}

/** A chat at a hand-off is resumed by the services only (timeout, hand back); a visitor's message goes to the Inbox. */
function assertHandOffTurn(waitsForOperator: boolean, resumesHandOff: boolean): void {
  if (waitsForOperator && !resumesHandOff)
    throw new AppError("WAITING_FOR_OPERATOR", "This chat is with a person; it goes on once they hand it back");
  if (resumesHandOff && !waitsForOperator)
    throw new AppError("HAND_OFF_NOT_WAITING", "This chat is no longer waiting at its hand-off");
}

async function walkFromEvent(
  bot: RuntimeBot,
  state: SessionState,
  edgeId: string,
  options: TurnOptions,
  extra: Parameters<typeof finishTurn>[3],
) {
  const walk = await walkFlow(bot, state, { edgeId }, options);
  return finishTurn(bot, state, walk, extra);
}

const endedWalk = (bot: RuntimeBot, state: SessionState): WalkResult => ({
  bot,
  messages: [],
  clientSideActions: [],
  logs: [],
  effects: [],
  state,
  ended: true,
});

async function walkOn(
  bot: RuntimeBot,
  state: SessionState,
  blockId: string,
  edgeId: string | undefined,
  options: TurnOptions,
  extra: Parameters<typeof finishTurn>[3],
): Promise<TurnResult> {
  const walk = await walkFlow(bot, state, nextStart(bot, blockId, edgeId), options);
  return finishTurn(bot, state, walk, extra);
}

export type { ReplyMessage };

// The start flow lives here, not in start-session.ts: a registered session starts on its first
// message, and a message sent with the start answers the first input, so each needs the other.
/** Input types whose first reply cannot be typed ahead in the start request (the visitor must see them). */
const noAutoAnswerInputs = new Set(["cards", "picture choice input", "choice input", "payment input"]);

/** Walks from the start point; a message sent with the start answers the first input right away. */
export async function runStartFlow(
  bot: RuntimeBot,
  state: SessionState,
  start: WalkStart & { fromStartEvent?: boolean },
  reply: ReplyMessage | undefined,
  options: TurnOptions,
): Promise<TurnResult> {
  const from: WalkStart = start.fromStartEvent
    ? { edgeId: bot.document.events.find((event) => event.type === "start")?.outgoingEdgeId }
    : start;
  const walk = await walkFlow(bot, state, from, options);
  const first = finishTurn(bot, state, walk, {});
  const canAutoAnswer =
    reply !== undefined &&
    walk.messages.length === 0 &&
    walk.input !== undefined &&
    !noAutoAnswerInputs.has(walk.input.type) &&
    !walk.clientSideActions.some((action) => action.expectsDedicatedReply);
  if (!canAutoAnswer) return first;
  const continued = await continueSession(bot, first.state, reply, options);
  const logs = [...first.logs, ...continued.logs];
  const results = mergeResultUpdates(first.results, continued.results);
  return { ...continued, logs, results, reply: logs.length ? { ...continued.reply, logs } : continued.reply };
}
