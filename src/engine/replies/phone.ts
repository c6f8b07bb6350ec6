import { findPhoneNumbersInText, isSupportedCountry } from "libphonenumber-js";
import type { CountryCode } from "libphonenumber-js";
import type { PhoneInputBlock } from "../../schemas/blocks/index.js";
import type { ParsedReply, ReplyMessage, ReplyOptions } from "./types.js";

export type PhoneReplyOptions = ReplyOptions<PhoneInputBlock, "defaultCountryCode">;

/**
 * Takes the first phone number found in the text and saves it in E.164 form.
 * Without a supported default country only international numbers ("+33 6 ...") are found.
 */
export function parsePhoneReply(reply: ReplyMessage | undefined, options?: PhoneReplyOptions | null): ParsedReply {
  if (!reply) return { status: "fail" };
  const [first] = findPhoneNumbersInText(reply.text, defaultCountry(options?.defaultCountryCode));
  if (!first) return { status: "fail" };
  return { status: "success", content: first.number.number };
}

function defaultCountry(code: string | null | undefined): CountryCode | undefined {
  // Builders store ISO alpha-2 codes in upper case; accept "fr" as well.
  const normalized = code?.trim().toUpperCase();
  if (!normalized || !isSupportedCountry(normalized)) return undefined;
  return normalized;
}
