import { parseRatingReply } from "../../replies/rating.js";
import type { InputExecutor } from "../executor.js";
import { templatedOptions } from "./present.js";

export const ratingInputExecutor: InputExecutor<"rating input"> = {
  kind: "input",
  parseReply: (block, reply, ctx) => parseRatingReply(reply, templatedOptions(block, ctx)),
};
