import { parsePaymentReply } from "../../replies/payment.js";
import type { InputExecutor } from "../executor.js";
import { presentInput } from "./present.js";

/**
 * Payment capture needs a payment provider, which Parley does not ship: the input is presented with
 * its amount label so a client can show it, and any reply but "fail" counts as paid.
 */
export const paymentInputExecutor: InputExecutor<"payment input"> = {
  kind: "input",
  present(block, ctx) {
    const input = presentInput(block, ctx);
    const options = (input.options ?? {}) as { amount?: string; currency?: string };
    const amountLabel = options.amount ? `${options.amount} ${options.currency ?? "USD"}` : "";
    return { ...input, runtimeOptions: { paymentIntentSecret: "", amountLabel, publicKey: "" } };
  },
  parseReply: (_block, reply) => parsePaymentReply(reply),
};
