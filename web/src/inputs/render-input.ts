import { h } from "../lib/dom";
import type { ChatInput } from "../lib/types";
import { buttonsInput, cardsInput, pictureChoiceInput } from "./choices";
import { dateInput, timeInput } from "./date-time";
import { fileInput } from "./file";
import { ratingInput } from "./rating";
import { emailInput, numberInput, phoneInput, textInput, urlInput } from "./text-inputs";
import type { InputBlockType } from "../../../src/schemas/blocks/index.js";
import type { InputContext, InputRenderer, InputView } from "./types";

/** Payments need a provider's own page; this chat says so rather than showing a form that cannot work. */
function unsupported(message: string): InputView {
  const element = h("div", { class: "notice info", attrs: { role: "status" } }, message);
  return { element, focus: () => undefined };
}

/** One renderer per input type; a new input type does not compile until it has one. */
const RENDERERS: Record<InputBlockType, InputRenderer> = {
  "text input": textInput,
  "number input": numberInput,
  "email input": emailInput,
  "url input": urlInput,
  "phone number input": phoneInput,
  "date input": dateInput,
  "time input": timeInput,
  "choice input": buttonsInput,
  "picture choice input": pictureChoiceInput,
  "payment input": () => unsupported("Payments are not available in this chat."),
  "rating input": ratingInput,
  "file input": fileInput,
  cards: cardsInput,
};

export function renderInput(input: ChatInput, ctx: InputContext): InputView {
  const renderer = (RENDERERS as Record<string, InputRenderer | undefined>)[input.type];
  if (renderer) return renderer(input, ctx);
  return unsupported("This question cannot be answered here.");
}
