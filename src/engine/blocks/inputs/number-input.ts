import { parseNumberReply } from "../../replies/number.js";
import type { InputExecutor } from "../executor.js";
import { templatedOptions } from "./present.js";

export const numberInputExecutor: InputExecutor<"number input"> = {
  kind: "input",
  parseReply: (block, reply, ctx) => parseNumberReply(reply, templatedOptions(block, ctx)),
};
