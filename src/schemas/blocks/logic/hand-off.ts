import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

/** The longest a chat may wait for a person before the "no operator" exit is taken: one day. */
export const MAX_HAND_OFF_TIMEOUT_SECONDS = 86_400;

/**
 * Hand off to a person (issue #34): the flow pauses and the chat waits in the workspace's Inbox until an
 * operator takes it. Two exits: `outgoingEdgeId` is "handed back" (the operator gives the chat back to the
 * flow without naming a group), `options.noOperatorEdgeId` is "no operator" (nobody took the chat within
 * `timeoutSeconds`; without a timeout the chat waits as long as the session lives).
 */
export const handOffBlockSchema = blockBaseSchema.extend({
  type: z.literal("hand off"),
  options: z
    .object({
      /** Shown to the visitor while they wait; may hold `{{variables}}`. */
      waitingMessage: z.string().max(2000).optional(),
      /** Shown to operators only, in the Inbox (why the bot handed off, what to check). */
      teamNote: z.string().max(2000).optional(),
      timeoutSeconds: z.number().int().min(1).max(MAX_HAND_OFF_TIMEOUT_SECONDS).optional(),
      /** The edge followed when nobody took the chat in time. */
      noOperatorEdgeId: z.string().optional(),
      /** The visitor sees the operator's display name ("Ana joined the chat") rather than "A person". */
      displayOperatorName: z.boolean().optional(),
    })
    .optional(),
});
export type HandOffBlock = z.infer<typeof handOffBlockSchema>;
