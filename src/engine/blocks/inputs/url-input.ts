import { parseUrlReply } from "../../replies/url.js";
import type { InputExecutor } from "../executor.js";

export const urlInputExecutor: InputExecutor<"url input"> = {
  kind: "input",
  parseReply: (_block, reply) => parseUrlReply(reply),
};
