import { h } from "../lib/dom";
import type { ChatInput, Json } from "../lib/types";
import { optionsOf, type InputContext, type InputView } from "./types";
import { choiceInputDefaults } from "../../../src/schemas/blocks/catalogue/index.js";

type Choice = { id: string; label: string; render(pressed: boolean): HTMLElement; searchText: string };

/** Buttons and pictures share selection, search and the multiple-choice "Send" button. */
function choiceList(input: ChatInput, ctx: InputContext, choices: Choice[], layoutClass: string): InputView {
  const options = optionsOf(input);
  const multiple = Boolean(options.isMultipleChoice);
  const selected = new Set<string>();
  const elements = new Map<string, HTMLElement>();
  const list = h("div", { class: layoutClass, attrs: { role: "group", "aria-label": "Choices" } });
  const send = h(
    "button",
    { class: "btn", attrs: { type: "button", disabled: true } },
    options.buttonLabel || choiceInputDefaults.buttonLabel,
  );

  for (const choice of choices) {
    const element = choice.render(false);
    element.addEventListener("click", () => {
      if (!multiple) return ctx.submit({ text: choice.label, replyId: choice.id, isPick: true });
      if (selected.has(choice.id)) selected.delete(choice.id);
      else selected.add(choice.id);
      element.setAttribute("aria-pressed", String(selected.has(choice.id)));
      send.disabled = selected.size === 0;
    });
    elements.set(choice.id, element);
    list.appendChild(element);
  }
  send.addEventListener("click", () => {
    const picked = choices.filter((choice) => selected.has(choice.id));
    if (picked.length) ctx.submit({ text: picked.map((choice) => choice.label).join(", "), isPick: true });
  });

  let search: HTMLInputElement | undefined;
  if (options.isSearchable) {
    search = h("input", {
      class: "search",
      attrs: {
        type: "search",
        placeholder: options.searchInputPlaceholder || choiceInputDefaults.searchInputPlaceholder,
        "aria-label": options.searchInputPlaceholder || choiceInputDefaults.searchInputPlaceholder,
      },
    });
    const showInitially = options.areInitialSearchButtonsVisible ?? true;
    const filter = () => {
      const query = search!.value.trim().toLowerCase();
      for (const choice of choices) {
        const visible = query ? choice.searchText.toLowerCase().includes(query) : showInitially;
        elements.get(choice.id)!.hidden = !visible;
      }
    };
    search.addEventListener("input", filter);
    filter();
  }
  const first = () => (search ?? Array.from(elements.values()).find((element) => !element.hidden))?.focus();
  return { element: h("div", "stack", search, list, multiple && h("div", "actions", send)), focus: first };
}

export function buttonsInput(input: ChatInput, ctx: InputContext): InputView {
  const multiple = Boolean(optionsOf(input).isMultipleChoice);
  const choices: Choice[] = (input.items ?? [])
    .filter((item: Json) => typeof item?.content === "string" && item.content !== "")
    .map((item: Json) => ({
      id: String(item.id),
      label: item.content,
      searchText: item.content,
      render: () =>
        h(
          "button",
          {
            class: multiple ? "choice outline" : "choice",
            attrs: { type: "button", ...(multiple ? { "aria-pressed": "false" } : {}) },
          },
          item.content,
        ),
    }));
  return choiceList(input, ctx, choices, "choices");
}

export function pictureChoiceInput(input: ChatInput, ctx: InputContext): InputView {
  const multiple = Boolean(optionsOf(input).isMultipleChoice);
  const choices: Choice[] = (input.items ?? []).map((item: Json, index: number) => {
    const title = typeof item.title === "string" && item.title ? item.title : undefined;
    const label = title ?? (typeof item.pictureSrc === "string" ? item.pictureSrc : `Picture ${index + 1}`);
    return {
      id: String(item.id),
      label,
      searchText: `${title ?? ""} ${item.description ?? ""}`,
      render: () =>
        h(
          "button",
          {
            class: "picture",
            attrs: {
              type: "button",
              ...(multiple ? { "aria-pressed": "false" } : {}),
              "aria-label": title ?? `Picture ${index + 1}`,
            },
          },
          typeof item.pictureSrc === "string" &&
            h("img", { attrs: { src: item.pictureSrc, alt: title ?? "", loading: "lazy" } }),
          title && h("span", "title", title),
          typeof item.description === "string" && item.description && h("span", "description", item.description),
        ),
    };
  });
  return choiceList(input, ctx, choices, "pictures");
}

export function cardsInput(input: ChatInput, ctx: InputContext): InputView {
  const buttons: HTMLButtonElement[] = [];
  const cards = (input.items ?? []).map((item: Json) =>
    h(
      "div",
      { class: "card", attrs: { role: "group", "aria-label": typeof item.title === "string" ? item.title : "Card" } },
      typeof item.imageUrl === "string" && h("img", { attrs: { src: item.imageUrl, alt: "", loading: "lazy" } }),
      h(
        "div",
        "body",
        typeof item.title === "string" && h("span", "title", item.title),
        typeof item.description === "string" && h("span", "description", item.description),
      ),
      h(
        "div",
        "paths",
        (item.paths ?? []).map((path: Json) => {
          const label = typeof path.text === "string" && path.text ? path.text : "Select";
          const button = h(
            "button",
            {
              class: "btn",
              attrs: { type: "button" },
              on: { click: () => ctx.submit({ text: label, replyId: String(path.id), isPick: true }) },
            },
            label,
          );
          buttons.push(button);
          return button;
        }),
      ),
    ),
  );
  return { element: h("div", "cards", cards), focus: () => buttons[0]?.focus() };
}
