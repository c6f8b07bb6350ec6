import type { PluginBlockType } from "../../../../schemas/blocks/index.js";
import type { ActionExecutor } from "../../executor.js";
import { blinkExecutor } from "./blink.js";
import { withBlinkRedirect } from "./blink-redirect.js";
import { calComExecutor } from "./cal-com.js";
import { nocoDbExecutor } from "./nocodb.js";
import { postHogExecutor } from "./posthog.js";
import { segmentExecutor } from "./segment.js";
import { gmailExecutor } from "./gmail.js";
import { chatNodeExecutor } from "./chat-node.js";
import { difyAiExecutor } from "./dify-ai.js";
import { elevenLabsExecutor } from "./elevenlabs.js";
import { qrCodeExecutor } from "./qr-code.js";
import { zendeskExecutor } from "./zendesk.js";

/**
 * The plug-in blocks (forged types other than the AI providers), one home each in this folder. Typed
 * exhaustively: a new plug-in kind does not compile until its executor is listed here (a kind that
 * cannot run here gets `unsupportedExecutor` and an entry in catalogue/not-runnable.ts).
 */
export const pluginExecutors: { [T in PluginBlockType]: ActionExecutor<T> } = {
  nocodb: nocoDbExecutor,
  segment: segmentExecutor,
  posthog: postHogExecutor,
  blink: withBlinkRedirect(blinkExecutor),
  gmail: gmailExecutor,
  elevenlabs: elevenLabsExecutor,
  "dify-ai": difyAiExecutor,
  "chat-node": chatNodeExecutor,
  "qr-code": qrCodeExecutor,
  "cal-com": calComExecutor,
  zendesk: zendeskExecutor,
};
