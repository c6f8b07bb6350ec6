import { h, icon, ICONS } from "../lib/dom";
import type { ChatInput } from "../lib/types";
import { labelsOf, optionsOf, type Answer, type InputContext, type InputView } from "./types";
import { phoneCountries } from "./phone-countries";
import {
  defaultButtonLabel,
  emailInputDefaults,
  numberInputDefaults,
  phoneInputDefaults,
  textInputDefaults,
  urlInputDefaults,
} from "../../../src/schemas/blocks/catalogue/index.js";

type FieldOptions = {
  type?: string;
  placeholder: string;
  button: string;
  isLong?: boolean;
  inputMode?: string;
  attrs?: Record<string, string | number | undefined>;
  value?: string;
  /** Turns what was typed into an answer; undefined keeps the field open. */
  toAnswer?: (value: string) => Answer | undefined;
  before?: HTMLElement;
  after?: HTMLElement;
};

function field(
  ctx: InputContext,
  options: FieldOptions,
): InputView & { control: HTMLInputElement | HTMLTextAreaElement } {
  const attrs = {
    placeholder: options.placeholder,
    "aria-label": options.placeholder,
    inputmode: options.inputMode,
    ...options.attrs,
  };
  const control = options.isLong
    ? h("textarea", { attrs: { ...attrs, rows: 3 } })
    : h("input", {
        attrs: {
          ...attrs,
          type: options.type ?? "text",
          autocomplete: options.type === "email" ? "email" : options.type === "tel" ? "tel" : "off",
        },
      });
  if (options.value) control.value = options.value;
  const send = () => {
    const value = control.value.trim();
    if (!value) return control.focus();
    if (control instanceof HTMLInputElement && !control.checkValidity() && options.type === "number")
      return control.reportValidity();
    const answer = options.toAnswer ? options.toAnswer(value) : { text: value };
    if (answer) ctx.submit(answer);
  };
  control.addEventListener("keydown", (event) => {
    const keyEvent = event as KeyboardEvent;
    if (keyEvent.key === "Enter" && !keyEvent.shiftKey && !keyEvent.isComposing) {
      event.preventDefault();
      send();
    }
  });
  const button = h("button", { class: "btn", attrs: { type: "button" }, on: { click: send } }, options.button);
  const element = h("div", "field", options.before, control, options.after, button);
  return { element, control, focus: () => control.focus() };
}

const button = (input: ChatInput) => labelsOf(input).button || defaultButtonLabel;

export function textInput(input: ChatInput, ctx: InputContext): InputView {
  const options = optionsOf(input);
  const attachments: { name: string; url: string }[] = [];
  let after: HTMLElement | undefined;
  if (options.attachments?.isEnabled) {
    const picker = h("input", {
      class: "sr-only",
      attrs: { type: "file", multiple: true, tabindex: -1, "aria-hidden": "true" },
    });
    const list = h("span", "sr-only", "");
    picker.addEventListener("change", async () => {
      for (const file of Array.from(picker.files ?? [])) {
        const uploaded = await ctx.upload(file, () => undefined).catch(() => undefined);
        if (uploaded) attachments.push({ name: uploaded.name, url: uploaded.url });
      }
      list.textContent = attachments.length ? `${attachments.length} attached` : "";
      clip.setAttribute("data-count", String(attachments.length));
    });
    const clip = h(
      "button",
      {
        class: "icon-btn",
        attrs: { type: "button", "aria-label": "Attach files" },
        on: { click: () => picker.click() },
      },
      icon(ICONS.clip),
    );
    after = h("span", null, picker, clip, list);
  }
  return field(ctx, {
    placeholder: labelsOf(input).placeholder || textInputDefaults.labels.placeholder,
    button: button(input),
    isLong: options.isLong,
    inputMode: options.inputMode,
    value: ctx.prefill,
    after,
    toAnswer: (text) =>
      attachments.length
        ? { text, attachedFileUrls: attachments.map((file) => file.url), files: attachments }
        : { text },
  });
}

export function numberInput(input: ChatInput, ctx: InputContext): InputView {
  const options = optionsOf(input);
  const bound = (value: unknown) =>
    typeof value === "number" || (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value)))
      ? Number(value)
      : undefined;
  return field(ctx, {
    type: "number",
    placeholder: labelsOf(input).placeholder || numberInputDefaults.labels.placeholder,
    button: button(input),
    inputMode: "decimal",
    value: ctx.prefill,
    attrs: { min: bound(options.min), max: bound(options.max), step: bound(options.step) ?? "any" },
  });
}

export function emailInput(input: ChatInput, ctx: InputContext): InputView {
  return field(ctx, {
    type: "email",
    placeholder: labelsOf(input).placeholder || emailInputDefaults.labels.placeholder,
    button: button(input),
    inputMode: "email",
    value: ctx.prefill,
  });
}

export function urlInput(input: ChatInput, ctx: InputContext): InputView {
  return field(ctx, {
    type: "url",
    placeholder: labelsOf(input).placeholder || urlInputDefaults.labels.placeholder,
    button: button(input),
    inputMode: "url",
    value: ctx.prefill,
  });
}

export function phoneInput(input: ChatInput, ctx: InputContext): InputView {
  const countries = phoneCountries();
  const preferred = String(optionsOf(input).defaultCountryCode ?? "").toUpperCase();
  const select = h(
    "select",
    { attrs: { "aria-label": "Country" } },
    h("option", { attrs: { value: "" } }, "🌐 International"),
    countries.map((country) =>
      h(
        "option",
        { attrs: { value: country.code, selected: country.code === preferred } },
        `${country.flag} ${country.name} +${country.dial}`,
      ),
    ),
  );
  return field(ctx, {
    type: "tel",
    placeholder: labelsOf(input).placeholder || phoneInputDefaults.labels.placeholder,
    button: button(input),
    inputMode: "tel",
    value: ctx.prefill,
    before: select,
    toAnswer: (value) => {
      const country = countries.find((candidate) => candidate.code === select.value);
      const digits = value.replace(/[^\d+]/g, "");
      const text = value.startsWith("+") || !country ? value : `+${country.dial}${digits.replace(/^0+/, "")}`;
      return { text };
    },
  });
}
