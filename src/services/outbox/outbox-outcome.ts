import type { ChatLog } from "../../schemas/chat.js";
import type { Attempt } from "../background/due-work-runner.js";

/** An attempt, and the logs it leaves on the item's result (written on success, first failure and giving up). */
export type OutboxOutcome = Attempt & { logs?: ChatLog[] };
