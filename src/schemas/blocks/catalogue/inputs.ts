import type { InputBlockType } from "../index.js";
import { defaultButtonLabel, inputEntry, type BlockCatalogueEntry } from "./entry.js";

export const textInputDefaults = {
  isLong: false,
  labels: { placeholder: "Type your answer...", button: defaultButtonLabel },
  audioClip: { isEnabled: false, visibility: "Auto" },
  attachments: { isEnabled: false, visibility: "Auto" },
} as const;

export const numberInputDefaults = {
  labels: { placeholder: "Type a number...", button: defaultButtonLabel },
  style: "decimal",
} as const;

export const emailInputDefaults = {
  labels: { placeholder: "Type your email...", button: defaultButtonLabel },
  retryMessageContent: "This email doesn't seem to be valid. Can you type it again?",
} as const;

export const urlInputDefaults = {
  labels: { placeholder: "Type a URL...", button: defaultButtonLabel },
  retryMessageContent: "This URL doesn't seem to be valid. Can you type it again?",
} as const;

export const phoneInputDefaults = {
  labels: { placeholder: "Type your phone number...", button: defaultButtonLabel },
  retryMessageContent: "This phone number doesn't seem to be valid. Can you type it again?",
} as const;

export const dateInputDefaults = {
  hasTime: false,
  isRange: false,
  labels: { button: defaultButtonLabel, from: "From:", to: "To:", separator: "to" },
  format: "dd/MM/yyyy",
  /** Used instead of `format` when `hasTime` is on and no format is set. */
  formatWithTime: "dd/MM/yyyy HH:mm",
} as const;

export const timeInputDefaults = {
  labels: { button: defaultButtonLabel },
  format: "HH:mm",
} as const;

export const choiceInputDefaults = {
  buttonLabel: defaultButtonLabel,
  searchInputPlaceholder: "Filter the options...",
  isMultipleChoice: false,
  isSearchable: false,
  areInitialSearchButtonsVisible: true,
} as const;

export const pictureChoiceInputDefaults = {
  buttonLabel: defaultButtonLabel,
  searchInputPlaceholder: "Filter the options...",
  isMultipleChoice: false,
  isSearchable: false,
  dynamicItems: { isEnabled: false },
} as const;

export const paymentInputDefaults = {
  provider: "Stripe",
  labels: { button: "Pay", success: "Success" },
  retryMessageContent: "Payment failed. Please, try again.",
  currency: "USD",
} as const;

export const ratingInputDefaults = {
  buttonType: "Numbers",
  length: 10,
  labels: { button: defaultButtonLabel },
  startsAt: 0,
  customIcon: { isEnabled: false },
  isOneClickSubmitEnabled: false,
} as const;

export const fileInputDefaults = {
  isRequired: true,
  isMultipleAllowed: false,
  visibility: "Auto",
  labels: {
    placeholder: "<strong>Click to upload</strong> or drag and drop<br>(size limit: 10MB)",
    button: "Upload",
    clear: "Clear",
    skip: "Skip",
    success: { single: "File uploaded", multiple: "{total} files uploaded" },
  },
} as const;

export const cardsDefaults = {} as const;

/**
 * Input kinds in side-bar order. Calls are marked pure so the chat client's bundle, which reads only
 * defaults, leaves the entries out.
 */
export const inputCatalogue: Record<InputBlockType, BlockCatalogueEntry> = {
  "text input": /* @__PURE__ */ inputEntry("Text", "Text input", "✎", "ask question answer", textInputDefaults),
  "number input": /* @__PURE__ */ inputEntry("Number", "Number input", "#", "quantity amount", numberInputDefaults),
  "email input": /* @__PURE__ */ inputEntry("Email", "Email input", "@", "mail address", emailInputDefaults),
  "url input": /* @__PURE__ */ inputEntry("Website", "Website input", "⌁", "url link", urlInputDefaults),
  "phone number input": /* @__PURE__ */ inputEntry("Phone", "Phone input", "☎", "telephone mobile", phoneInputDefaults),
  "date input": /* @__PURE__ */ inputEntry("Date", "Date input", "▦", "calendar day", dateInputDefaults),
  "time input": /* @__PURE__ */ inputEntry("Time", "Time input", "◷", "hour clock", timeInputDefaults),
  "choice input": /* @__PURE__ */ inputEntry(
    "Buttons",
    "Buttons",
    "☰",
    "choice options multiple",
    choiceInputDefaults,
  ),
  "picture choice input": /* @__PURE__ */ inputEntry(
    "Pic choice",
    "Picture choice",
    "⊞",
    "image choice",
    pictureChoiceInputDefaults,
  ),
  "payment input": /* @__PURE__ */ inputEntry("Payment", "Payment", "¤", "stripe card pay", paymentInputDefaults),
  "rating input": /* @__PURE__ */ inputEntry("Rating", "Rating", "★", "score nps stars", ratingInputDefaults),
  "file input": /* @__PURE__ */ inputEntry("File", "File upload", "⇪", "upload attachment", fileInputDefaults),
  cards: /* @__PURE__ */ inputEntry("Cards", "Cards", "▤", "carousel", cardsDefaults),
};

type Numeric = number | string | null | undefined;

const toNumber = (value: Numeric): number | undefined => {
  if (value === null || value === undefined || value === "") return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
};

/**
 * The values a rating block offers and accepts, both ends included: number buttons run from `startsAt`
 * to `length`, icons from 1 to `length`. The canvas, the chat client and the engine all read it here.
 */
export function ratingRange(options?: { buttonType?: string | null; length?: Numeric; startsAt?: Numeric } | null): {
  lowest: number;
  highest: number;
} {
  const highest = toNumber(options?.length) || ratingInputDefaults.length;
  const lowest = options?.buttonType === "Icons" ? 1 : (toNumber(options?.startsAt) ?? ratingInputDefaults.startsAt);
  return { lowest, highest };
}
