import { parseDateReply, resolveDateBounds } from "../../replies/date.js";
import type { InputExecutor } from "../executor.js";
import { presentInput, templatedOptions } from "./present.js";

export const dateInputExecutor: InputExecutor<"date input"> = {
  kind: "input",
  present(block, ctx) {
    const input = presentInput(block, ctx);
    if (!block.options) return input;
    const { min: _min, max: _max, ...options } = input.options ?? {};
    return { ...input, options: { ...options, ...resolveDateBounds(templatedOptions(block, ctx)) } };
  },
  parseReply: (block, reply, ctx) => parseDateReply(reply, templatedOptions(block, ctx), ctx.ports.clock.now()),
};
