import type { ComponentType } from "react";
import type { PluginBlockType } from "../../../../../../src/schemas/blocks/index.js";
import { BlinkSettings } from "./blink-settings";
import { NocoDbSettings } from "./nocodb-settings";
import { PostHogSettings } from "./posthog-settings";
import { SegmentSettings } from "./segment-settings";
import { GmailSettings } from "./gmail-settings";
import { ChatNodeSettings } from "./chat-node-settings";
import { DifyAiSettings } from "./dify-ai-settings";
import { ElevenLabsSettings } from "./elevenlabs-settings";
import { QrCodeSettings } from "./qr-code-settings";
import { CalComSettings } from "./cal-com-settings";
import { ZendeskSettings } from "./zendesk-settings";

/**
 * Settings forms of the plug-in blocks, one file each in this folder. Typed exhaustively: a new
 * plug-in kind does not compile until it has its form here.
 */
export const pluginSettingsForms: { [T in PluginBlockType]: ComponentType } = {
  nocodb: NocoDbSettings,
  segment: SegmentSettings,
  posthog: PostHogSettings,
  blink: BlinkSettings,
  gmail: GmailSettings,
  elevenlabs: ElevenLabsSettings,
  "dify-ai": DifyAiSettings,
  "chat-node": ChatNodeSettings,
  "qr-code": QrCodeSettings,
  "cal-com": CalComSettings,
  zendesk: ZendeskSettings,
};
