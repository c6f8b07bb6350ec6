import type { ForgedBlockType } from "../../../../schemas/blocks/index.js";
import type { ActionExecutor } from "../../executor.js";
import { blinkRedirectExecutor } from "./blink-redirect.js";
import { calComExecutor } from "./cal-com.js";
import { zendeskExecutor } from "./zendesk.js";

/**
 * The plug-in blocks (forged types other than the AI providers) this server runs, one home each in
 * this folder. A plug-in missing here is still unsupported: the registry logs it when reached.
 */
export const pluginExecutors: { [T in ForgedBlockType]?: ActionExecutor<T> } = {
  "cal-com": calComExecutor,
  zendesk: zendeskExecutor,
  blink: blinkRedirectExecutor,
};
