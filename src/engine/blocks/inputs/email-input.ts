import { parseEmailReply } from "../../replies/email.js";
import type { InputExecutor } from "../executor.js";

export const emailInputExecutor: InputExecutor<"email input"> = {
  kind: "input",
  parseReply: (_block, reply) => parseEmailReply(reply),
};
