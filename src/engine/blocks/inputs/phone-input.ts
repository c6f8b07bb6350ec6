import { parsePhoneReply } from "../../replies/phone.js";
import type { InputExecutor } from "../executor.js";
import { templatedOptions } from "./present.js";

export const phoneInputExecutor: InputExecutor<"phone number input"> = {
  kind: "input",
  parseReply: (block, reply, ctx) => parsePhoneReply(reply, templatedOptions(block, ctx)),
};
