import { emailInputDefaults, paymentInputDefaults } from "../../schemas/blocks/catalogue/index.js";

export const DEFAULT_EMAIL_RETRY_MESSAGE = emailInputDefaults.retryMessageContent;
export const DEFAULT_PAYMENT_RETRY_MESSAGE = paymentInputDefaults.retryMessageContent;
export const DEFAULT_INVALID_MESSAGE = "Invalid message. Please, try again.";

// Only these inputs have a `retryMessageContent` option.
const TYPES_WITH_RETRY_MESSAGE = new Set(["email input", "url input", "phone number input", "payment input"]);

/**
 * Text of the bubble sent back when a reply is invalid: the block's own retry message, else the
 * e-mail or payment default, else the bot's invalid-message setting, else the generic default.
 * Both texts arrive already templated.
 */
export function retryMessageText(
  blockType: string,
  options: { retryMessageContent?: string | null } | null | undefined,
  systemInvalidMessage?: string | null,
): string {
  const custom = options?.retryMessageContent;
  if (custom && TYPES_WITH_RETRY_MESSAGE.has(blockType)) return custom;
  if (blockType === "email input") return DEFAULT_EMAIL_RETRY_MESSAGE;
  if (blockType === "payment input") return DEFAULT_PAYMENT_RETRY_MESSAGE;
  return systemInvalidMessage || DEFAULT_INVALID_MESSAGE;
}
