import type { ComponentType } from "react";
import type { ForgedBlockType } from "../../../../../../src/schemas/blocks/index.js";
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
 * Settings forms of the plug-in blocks, one file each in this folder. A plug-in without a form here
 * falls back to the raw JSON editor of forged-settings.tsx.
 */
export const pluginSettingsForms: { [T in ForgedBlockType]?: ComponentType } = {
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
