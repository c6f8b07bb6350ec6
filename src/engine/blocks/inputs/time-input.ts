import { parseTimeReply } from "../../replies/time.js";
import type { InputExecutor } from "../executor.js";
import { templatedOptions } from "./present.js";

export const timeInputExecutor: InputExecutor<"time input"> = {
  kind: "input",
  parseReply: (block, reply, ctx) => parseTimeReply(reply, templatedOptions(block, ctx), ctx.ports.clock.now()),
};
