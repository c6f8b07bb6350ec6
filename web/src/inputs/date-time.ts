import { h } from "../lib/dom";
import type { ChatInput } from "../lib/types";
import { labelsOf, optionsOf, type InputContext, type InputView } from "./types";
import { dateInputDefaults, defaultButtonLabel } from "../../../src/schemas/blocks/catalogue/index.js";

/** Native pickers: the browser gives keyboard use, localisation and screen reader support for free. */
export function dateInput(input: ChatInput, ctx: InputContext): InputView {
  const options = optionsOf(input);
  const labels = labelsOf(input);
  const type = options.hasTime ? "datetime-local" : "date";
  const bounds = {
    min: typeof options.min === "string" ? options.min : undefined,
    max: typeof options.max === "string" ? options.max : undefined,
  };
  const from = h("input", {
    attrs: {
      type,
      ...bounds,
      "aria-label": options.isRange ? labels.from || dateInputDefaults.labels.from : "Date",
      required: true,
    },
  });
  const to = options.isRange
    ? h("input", { attrs: { type, ...bounds, "aria-label": labels.to || dateInputDefaults.labels.to, required: true } })
    : undefined;
  const send = () => {
    if (!from.value) return from.focus();
    if (to && !to.value) return to.focus();
    // The server reads ISO dates and "… to …" ranges, then answers in the bot's own format.
    const text = to ? `${from.value} to ${to.value}` : from.value;
    ctx.submit({
      text,
      display: to ? `${from.value} ${labels.separator || dateInputDefaults.labels.separator} ${to.value}` : from.value,
    });
  };
  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    send();
  };
  from.addEventListener("keydown", onEnter);
  to?.addEventListener("keydown", onEnter);
  const pickers = to
    ? h(
        "div",
        "dates",
        h("label", null, labels.from || dateInputDefaults.labels.from, from),
        h("label", null, labels.to || dateInputDefaults.labels.to, to),
      )
    : h("div", "dates", from);
  const button = h(
    "button",
    { class: "btn", attrs: { type: "button" }, on: { click: send } },
    labels.button || defaultButtonLabel,
  );
  return { element: h("div", "field", pickers, button), focus: () => from.focus() };
}

export function timeInput(input: ChatInput, ctx: InputContext): InputView {
  const labels = labelsOf(input);
  const control = h("input", { attrs: { type: "time", "aria-label": "Time", required: true } });
  const send = () => (control.value ? ctx.submit({ text: control.value }) : control.focus());
  control.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    send();
  });
  const button = h(
    "button",
    { class: "btn", attrs: { type: "button" }, on: { click: send } },
    labels.button || defaultButtonLabel,
  );
  return { element: h("div", "field", h("div", "dates", control), button), focus: () => control.focus() };
}
