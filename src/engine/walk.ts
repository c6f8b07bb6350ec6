import type { Block } from "../schemas/blocks/index.js";
import type { ChatBubble, ChatLog, ClientSideAction } from "../schemas/chat.js";
import { registry } from "./blocks/registry.js";
import type { ChatInput, ExecutionContext } from "./blocks/executor.js";
import { presentInput } from "./blocks/inputs/present.js";
import type { RuntimeBot } from "./runtime-bot.js";
import type { SessionState } from "./session-state.js";
import { setVariableValues } from "./variables/update.js";
import type { VariableLike } from "./variables/types.js";

/** A flow without inputs that loops back on itself must not hold the server: stop it and say why. */
export const MAX_BLOCKS_PER_TURN = 1000;

export type WalkStart = { edgeId: string | undefined } | { groupId: string; blockIndex: number };

export type WalkResult = {
  messages: ChatBubble[];
  input?: ChatInput;
  clientSideActions: ClientSideAction[];
  logs: ChatLog[];
  variables: VariableLike[];
  /** The block that waits for the visitor (an input, a waiting embed, an action expecting a reply). */
  currentBlockId?: string;
  ended: boolean;
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

/**
 * Runs blocks from `start` until an input (or another block that waits for the visitor) is reached
 * or no edge is left. Pure: it returns what happened as data and never touches the outside world.
 */
export function walkFlow(
  bot: RuntimeBot,
  state: SessionState,
  start: WalkStart,
  context: Omit<ExecutionContext, "bot" | "state">,
): WalkResult {
  const messages: ChatBubble[] = [];
  const clientSideActions: ClientSideAction[] = [];
  const logs: ChatLog[] = [];
  let variables = state.variables;
  let lastBubbleBlockId: string | undefined;
  let steps = 0;
  const result = (extra: Partial<WalkResult>): WalkResult => ({ messages, clientSideActions, logs, variables, ended: false, ...extra });

  let position = resolveStart(bot, start);
  while (position) {
    const { group } = position;
    let nextEdgeId: string | undefined | null;
    for (let index = position.blockIndex; index < group.blocks.length; index++) {
      if (++steps > MAX_BLOCKS_PER_TURN) {
        logs.push({
          status: "error",
          description: `The flow ran more than ${MAX_BLOCKS_PER_TURN} blocks without waiting for the visitor and was stopped`,
          details: `Last group: ${group.title}`,
        });
        return result({ ended: true });
      }
      const block = group.blocks[index] as Block;
      nextEdgeId = block.outgoingEdgeId;
      const ctx: ExecutionContext = { ...context, bot, state: { ...state, variables } };
      const executor = registry[block.type] as { kind: string } & Record<string, any>;
      if (executor.kind === "bubble") {
        const bubble = executor.toBubble(block, ctx) as ChatBubble | undefined;
        if (bubble) {
          messages.push(bubble);
          lastBubbleBlockId = bubble.id;
        }
        if (executor.waitsForEvent?.(block)) return result({ currentBlockId: block.id });
        continue;
      }
      if (executor.kind === "input") {
        const input: ChatInput = executor.present ? executor.present(block, ctx) : presentInput(block as never, ctx);
        return result({ input, currentBlockId: block.id });
      }
      const outcome = executor.execute(block, ctx);
      if (outcome.variables?.length) variables = setVariableValues(variables, outcome.variables);
      if (outcome.logs) logs.push(...outcome.logs);
      for (const action of outcome.clientSideActions ?? [])
        clientSideActions.push(lastBubbleBlockId ? { ...action, lastBubbleBlockId } : action);
      if (outcome.clientSideActions?.some((action: ClientSideAction) => action.expectsDedicatedReply))
        return result({ currentBlockId: block.id });
      if (outcome.outgoingEdgeId === null) {
        nextEdgeId = null;
        break;
      }
      if (typeof outcome.outgoingEdgeId === "string") {
        nextEdgeId = outcome.outgoingEdgeId;
        break;
      }
    }
    position = nextEdgeId ? resolveStart(bot, { edgeId: nextEdgeId }) : undefined;
  }
  return result({ ended: true });
}
