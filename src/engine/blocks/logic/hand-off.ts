import { AppError } from "../../../errors.js";
import type { ClientSideAction } from "../../../schemas/chat.js";
import { substituteVariables } from "../../variables/substitute.js";
import type { ActionExecutor } from "../executor.js";
import { textBubble } from "../bubbles/text.js";

/**
 * How the services resume a chat waiting at a hand-off (the turn's message, as JSON): nobody took it in
 * time, or the operator handed it back, at a group they chose or through the block's "handed back" exit.
 */
export type HandOffResume = { handOff: "timeout" } | { handOff: "handedBack"; groupId?: string };

export const handOffResumeMessage = (resume: HandOffResume): string => JSON.stringify(resume);

/**
 * What the client is told while a person may take the chat: listen to the session's events (the
 * operator's messages arrive there), and whether to name the operator.
 */
export const handOffAction = (blockId: string, displayOperatorName: boolean): ClientSideAction => ({
  type: "handOff",
  expectsDedicatedReply: true,
  blockId,
  displayOperatorName,
});

/**
 * Hand off to a person: shows the waiting message, then the walk pauses here. Only the services resume
 * it (HandOffResume); the visitor's messages meanwhile go to the Inbox, not to the flow.
 */
export const handOffExecutor: ActionExecutor<"hand off"> = {
  kind: "action",
  execute(block, ctx) {
    const text = substituteVariables(block.options?.waitingMessage ?? "", ctx.state.variables).trim();
    return {
      outgoingEdgeId: block.outgoingEdgeId,
      clientSideActions: [handOffAction(block.id, block.options?.displayOperatorName ?? true)],
      ...(text
        ? { bubbles: [{ bubble: textBubble(block.id, [{ type: "p", children: [{ text }] }], ctx.format), text }] }
        : {}),
    };
  },
  resume(block, reply, ctx) {
    const resume = parseResume(reply);
    if (resume.handOff === "timeout") return { outgoingEdgeId: block.options?.noOperatorEdgeId ?? null };
    if (!resume.groupId) return { outgoingEdgeId: block.outgoingEdgeId };
    if (!ctx.bot.document.groups.some((group) => group.id === resume.groupId))
      throw new AppError("GROUP_NOT_FOUND", `The bot has no group ${resume.groupId} to hand the chat back to`);
    return { goTo: { groupId: resume.groupId, blockIndex: 0 } };
  },
};

function parseResume(reply: string | undefined): HandOffResume {
  try {
    const parsed = JSON.parse(reply ?? "") as HandOffResume;
    if (parsed.handOff === "timeout" || parsed.handOff === "handedBack") return parsed;
  } catch {
    // Not a resume: refused below.
  }
  throw new AppError("WAITING_FOR_OPERATOR", "This chat is with a person; it goes on once they hand it back");
}
