import { parseFileReply } from "../../replies/file.js";
import type { InputExecutor } from "../executor.js";
import { templatedOptions } from "./present.js";

export const fileInputExecutor: InputExecutor<"file input"> = {
  kind: "input",
  parseReply: (block, reply, ctx) => parseFileReply(reply, templatedOptions(block, ctx)),
};
