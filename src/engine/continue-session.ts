import { AppError } from "../errors.js";
import { isInputBlock, type Block, type InputBlock } from "../schemas/blocks/index.js";
import type { ChatMessage } from "../schemas/chat.js";
import { saveAnswer } from "./answers.js";
import { registry } from "./blocks/registry.js";
import type { ExecutionContext, InputExecutor } from "./blocks/executor.js";
import { textBubble } from "./blocks/bubbles/text.js";
import { presentInput } from "./blocks/inputs/present.js";
import { finishTurn, type TurnOptions, type TurnResult } from "./chat-turn.js";
import { retryMessageText } from "./replies/retry-message.js";
import type { ReplyMessage } from "./replies/types.js";
import { toReplyMessage } from "./reply-message.js";
import type { RuntimeBot } from "./runtime-bot.js";
import type { SessionState } from "./session-state.js";
import { serializeVariableValue } from "./variables/serialize.js";
import { substituteVariables } from "./variables/substitute.js";
import { setVariableValues } from "./variables/update.js";
import { walkFlow, type WalkStart } from "./walk.js";
import { runStartFlow } from "./start-session.js";

/** Where the flow goes after the current block: its chosen edge, else the next block of its group. */
function nextStart(bot: RuntimeBot, blockId: string, edgeId: string | undefined): WalkStart {
  if (edgeId) return { edgeId };
  const location = bot.blockById.get(blockId);
  return location ? { groupId: location.group.id, blockIndex: location.blockIndex + 1 } : { edgeId: undefined };
}

function commandEventTarget(bot: RuntimeBot, command: string): string | undefined {
  const event = bot.document.events.find(
    (candidate) => candidate.type === "command" && (candidate as { options?: { command?: string } }).options?.command === command,
  );
  if (!event) throw new AppError("BAD_REQUEST", "Command event not found");
  return event.outgoingEdgeId;
}

function invalidReply(bot: RuntimeBot, state: SessionState, block: InputBlock, ctx: ExecutionContext): TurnResult {
  const settings = bot.document.settings as { general?: { systemMessages?: { invalidMessage?: string } } };
  const systemMessage = settings.general?.systemMessages?.invalidMessage;
  const options = block.options as { retryMessageContent?: string } | undefined;
  const text = retryMessageText(
    block.type,
    options?.retryMessageContent ? { retryMessageContent: substituteVariables(options.retryMessageContent, state.variables) } : undefined,
    systemMessage ? substituteVariables(systemMessage, state.variables) : undefined,
  );
  const executor = registry[block.type] as InputExecutor<any>;
  const input = executor.present ? executor.present(block, ctx) : presentInput(block as never, ctx);
  return finishTurn(
    bot,
    state,
    { messages: [], clientSideActions: [], logs: [], variables: state.variables, ended: false, input, currentBlockId: block.id },
    { messagesBefore: [textBubble(block.id, [{ type: "p", children: [{ text }] }], ctx.format)] },
  );
}

/** Answers the block the session waits on with the visitor's message, then walks on. */
export function continueSession(bot: RuntimeBot, state: SessionState, message: ChatMessage | null | undefined, options: TurnOptions): TurnResult {
  if (state.status === "completed") throw new AppError("BAD_REQUEST", "This chat has ended. Start a new chat to talk to the bot again.");
  const reply = toReplyMessage(message);
  if (state.status === "registered") return runStartFlow(bot, { ...state, status: "waiting" }, { edgeId: undefined, fromStartEvent: true }, reply, options);

  if (message && typeof message === "object" && message.type === "command") {
    const walk = walkFlow(bot, state, { edgeId: commandEventTarget(bot, message.command) }, options);
    return finishTurn(bot, state, walk, {});
  }

  const location = state.currentBlockId ? bot.blockById.get(state.currentBlockId) : undefined;
  if (!location) throw new AppError("BAD_REQUEST", "This chat is not waiting for a reply");
  const block = location.block as Block;
  const ctx: ExecutionContext = { bot, state, ports: options.ports, format: options.format };

  if (isInputBlock(block)) {
    const executor = registry[block.type] as InputExecutor<any>;
    const parsed = executor.parseReply(block, reply, ctx);
    if (parsed.status === "fail") return invalidReply(bot, state, block, ctx);
    if (parsed.status === "skip") return walkOn(bot, state, block.id, block.outgoingEdgeId, options, {});
    const extra = (parsed.variablesToUpdate ?? []).map((update) => ({ id: update.variableId, value: update.value }));
    const saved = saveAnswer(bot, state, block, parsed.content, reply, extra);
    const lastMessageNewFormat = reply && parsed.content !== reply.text ? parsed.content : undefined;
    return walkOn(bot, saved.state, block.id, parsed.outgoingEdgeId ?? block.outgoingEdgeId, options, {
      newAnswers: [saved.answer],
      lastMessageNewFormat,
    });
  }

  // An embed waiting for an event: the client reports the event's data as the reply.
  if (block.type === "embed") {
    const variableId = block.content?.waitForEvent?.saveDataInVariableId;
    const next = variableId && reply
      ? { ...state, variables: setVariableValues(state.variables, [{ id: variableId, value: serializeVariableValue(reply.text) }]) }
      : state;
    return walkOn(bot, next, block.id, block.outgoingEdgeId, options, {});
  }
  return walkOn(bot, state, block.id, block.outgoingEdgeId, options, {});
}

function walkOn(
  bot: RuntimeBot,
  state: SessionState,
  blockId: string,
  edgeId: string | undefined,
  options: TurnOptions,
  extra: Parameters<typeof finishTurn>[3],
): TurnResult {
  const walk = walkFlow(bot, state, nextStart(bot, blockId, edgeId), options);
  return finishTurn(bot, state, walk, extra);
}

export type { ReplyMessage };
