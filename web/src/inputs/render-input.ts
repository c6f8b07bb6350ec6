import { h } from "../lib/dom";
import type { ChatInput } from "../lib/types";
import { buttonsInput, cardsInput, pictureChoiceInput } from "./choices";
import { dateInput, timeInput } from "./date-time";
import { fileInput } from "./file";
import { ratingInput } from "./rating";
import { emailInput, numberInput, phoneInput, textInput, urlInput } from "./text-inputs";
import type { InputContext, InputRenderer, InputView } from "./types";

const RENDERERS: Record<string, InputRenderer> = {
  "text input": textInput,
  "number input": numberInput,
  "email input": emailInput,
  "url input": urlInput,
  "phone number input": phoneInput,
  "date input": dateInput,
  "time input": timeInput,
  "choice input": buttonsInput,
  "picture choice input": pictureChoiceInput,
  "rating input": ratingInput,
  "file input": fileInput,
  cards: cardsInput,
};

/** Payments need a provider's own page; this chat says so rather than showing a form that cannot work. */
function unsupported(message: string): InputView {
  const element = h("div", { class: "notice info", attrs: { role: "status" } }, message);
  return { element, focus: () => undefined };
}

export function renderInput(input: ChatInput, ctx: InputContext): InputView {
  const renderer = RENDERERS[input.type];
  if (renderer) return renderer(input, ctx);
  if (input.type === "payment input") return unsupported("Payments are not available in this chat.");
  return unsupported("This question cannot be answered here.");
}
