import type { ParsedReply, ReplyMessage } from "./types.js";

/** The client reports the payment outcome: the literal text "fail" on failure, anything else on success. */
export function parsePaymentReply(reply: ReplyMessage | undefined): ParsedReply {
  if (!reply || reply.text === "fail") return { status: "fail" };
  return { status: "success", content: reply.text };
}
