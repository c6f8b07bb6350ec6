import { z } from "zod";
import { comparisonOperators, logicalOperators } from "./blocks/shared.js";
import { languagesSettingsSchema } from "./translations.js";

export const rememberUserStorages = ["session", "local"] as const;

/** Texts the chat shows outside of blocks; each replaces the default of `settingsDefaults`. */
export const systemMessagesSchema = z.object({
  invalidMessage: z.string().optional(),
  botClosed: z.string().optional(),
  networkErrorTitle: z.string().optional(),
  networkErrorMessage: z.string().optional(),
  popupBlockedTitle: z.string().optional(),
  popupBlockedDescription: z.string().optional(),
  popupBlockedButtonLabel: z.string().optional(),
  fileUploadError: z.string().optional(),
  fileUploadSizeError: z.string().optional(),
});
export type SystemMessages = z.infer<typeof systemMessagesSchema>;

export const maxDelayBetweenBubbles = 5;

export const settingsSchema = z
  .object({
    general: z
      .object({
        isBrandingEnabled: z.boolean().optional(),
        isTypingEmulationEnabled: z.boolean().optional(),
        isInputPrefillEnabled: z.boolean().optional(),
        isHideQueryParamsEnabled: z.boolean().optional(),
        /** Legacy switch: `false` means the same as `rememberUser.isEnabled`. */
        isNewResultOnRefreshEnabled: z.boolean().optional(),
        rememberUser: z
          .object({
            isEnabled: z.boolean().optional(),
            storage: z.enum(rememberUserStorages).optional(),
          })
          .optional(),
        systemMessages: systemMessagesSchema.optional(),
      })
      .optional(),
    typingEmulation: z
      .object({
        enabled: z.boolean().optional(),
        /** Words per minute. */
        speed: z.number().optional(),
        /** Seconds. */
        maxDelay: z.number().optional(),
        /** Seconds. */
        delayBetweenBubbles: z.number().min(0).max(maxDelayBetweenBubbles).optional(),
        isDisabledOnFirstMessage: z.boolean().optional(),
      })
      .optional(),
    metadata: z
      .object({
        title: z.string().optional(),
        description: z.string().optional(),
        imageUrl: z.string().optional(),
        favIconUrl: z.string().optional(),
        customHeadCode: z.string().optional(),
        tagManagerId: z.string().optional(),
      })
      .optional(),
    chatApp: z
      .object({
        isEnabled: z.boolean().optional(),
        /** Which incoming messages may start a chat; compared with the message text. */
        startCondition: z
          .object({
            logicalOperator: z.enum(logicalOperators).optional(),
            comparisons: z
              .array(
                z.object({
                  id: z.string(),
                  comparisonOperator: z.enum(comparisonOperators).optional(),
                  value: z.string().optional(),
                }),
              )
              .optional(),
          })
          .optional(),
        /** Hours after the latest interaction. */
        sessionExpiryTimeout: z.number().min(0.01).max(48).optional(),
      })
      .optional(),
    publicShare: z.object({ isEnabled: z.boolean().optional() }).optional(),
    security: z.object({ allowedOrigins: z.array(z.string()).optional() }).optional(),
    /** The languages the bot speaks; absent: one language (the blocks' own texts). */
    languages: languagesSettingsSchema.optional(),
  })
  .meta({ id: "Settings" });
export type Settings = z.infer<typeof settingsSchema>;

export const settingsDefaults = {
  general: {
    isBrandingEnabled: false,
    isTypingEmulationEnabled: true,
    isInputPrefillEnabled: false,
    isHideQueryParamsEnabled: true,
    isNewResultOnRefreshEnabled: true,
    rememberUser: { isEnabled: false, storage: "session" },
    systemMessages: {
      invalidMessage: "Invalid message. Please, try again.",
      botClosed: "This bot is now closed",
      networkErrorTitle: "Network Error",
      networkErrorMessage: "Please check your internet connection and try again.",
      popupBlockedTitle: "Popup blocked",
      popupBlockedDescription:
        "The bot wants to open a new tab but it was blocked by your browser. It needs a manual approval.",
      popupBlockedButtonLabel: "Continue in new tab",
      fileUploadError: "An error occured while uploading the files",
      fileUploadSizeError: "[[file]] is larger than [[limit]]MB",
    },
  },
  typingEmulation: {
    enabled: true,
    speed: 400,
    maxDelay: 3,
    delayBetweenBubbles: 0,
    isDisabledOnFirstMessage: true,
  },
  chatApp: { sessionExpiryTimeout: 4 },
} as const;
