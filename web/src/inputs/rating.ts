import { h, icon, ICONS } from "../lib/dom";
import { defaultButtonLabel } from "../../../src/schemas/blocks/catalogue/index.js";
import type { ChatInput } from "../lib/types";
import { ratingValues } from "./rating-values";
import { labelsOf, optionsOf, type InputContext, type InputView } from "./types";

/** A radio group: arrow keys move between values, Enter or Space picks one. */
export function ratingInput(input: ChatInput, ctx: InputContext): InputView {
  const options = optionsOf(input);
  const labels = labelsOf(input);
  const isIcons = options.buttonType === "Icons";
  const oneClick = Boolean(options.isOneClickSubmitEnabled);
  const customIcon =
    isIcons && options.customIcon?.isEnabled && typeof options.customIcon.svg === "string"
      ? options.customIcon.svg
      : undefined;
  let value: number | undefined;

  const values = ratingValues(options);
  const send = h(
    "button",
    { class: "btn", attrs: { type: "button", disabled: true } },
    labels.button || defaultButtonLabel,
  );
  const pick = (picked: number) => {
    value = picked;
    buttons.forEach((button, index) => {
      button.setAttribute("aria-checked", String(values[index] === picked));
      button.tabIndex = values[index] === picked ? 0 : -1;
      if (isIcons) button.classList.toggle("on", values[index] <= picked);
    });
    send.disabled = false;
    if (oneClick) ctx.submit({ text: String(picked) });
  };
  const glyph = () =>
    customIcon
      ? h("img", { attrs: { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(customIcon)}`, alt: "" } })
      : icon(ICONS.star, 28, true);
  const buttons = values.map((rating, index) =>
    h(
      "button",
      {
        class: isIcons ? "rate icon" : "rate",
        attrs: {
          type: "button",
          role: "radio",
          "aria-checked": "false",
          "aria-label": String(rating),
          tabindex: index === 0 ? 0 : -1,
        },
        on: {
          click: () => pick(rating),
          keydown: (event) => {
            const step =
              event.key === "ArrowRight" || event.key === "ArrowUp"
                ? 1
                : event.key === "ArrowLeft" || event.key === "ArrowDown"
                  ? -1
                  : 0;
            if (!step) return;
            event.preventDefault();
            buttons[Math.min(Math.max(index + step, 0), buttons.length - 1)].focus();
          },
        },
      },
      isIcons ? glyph() : String(rating),
    ),
  );
  send.addEventListener("click", () => value !== undefined && ctx.submit({ text: String(value) }));
  const element = h(
    "div",
    "rating",
    h(
      "div",
      {
        class: "scale",
        attrs: {
          role: "radiogroup",
          "aria-label": labels.left && labels.right ? `${labels.left} – ${labels.right}` : "Rating",
        },
      },
      buttons,
    ),
    (labels.left || labels.right) &&
      h("div", "labels", h("span", null, labels.left ?? ""), h("span", null, labels.right ?? "")),
    !oneClick && h("div", "actions", send),
  );
  return { element, focus: () => buttons[0]?.focus() };
}
