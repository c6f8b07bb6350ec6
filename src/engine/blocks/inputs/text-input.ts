import { parseTextReply } from "../../replies/text.js";
import type { InputExecutor } from "../executor.js";

export const textInputExecutor: InputExecutor<"text input"> = {
  kind: "input",
  parseReply: (_block, reply) => parseTextReply(reply),
};
