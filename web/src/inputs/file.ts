import { h, icon, ICONS } from "../lib/dom";
import type { UploadedFile } from "../lib/api";
import type { ChatInput } from "../lib/types";
import { labelsOf, optionsOf, type InputContext, type InputView } from "./types";
import { fileInputDefaults } from "../../../src/schemas/blocks/catalogue/index.js";

/** The placeholder label may carry a little markup (<strong>, <br>): shown as its text only. */
const textOf = (label: string) =>
  label
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();

export function fileInput(input: ChatInput, ctx: InputContext): InputView {
  const options = optionsOf(input);
  const labels = labelsOf(input);
  const multiple = Boolean(options.isMultipleAllowed);
  const required = options.isRequired ?? true;
  const types: string[] =
    options.allowedFileTypes?.isEnabled && Array.isArray(options.allowedFileTypes.types)
      ? options.allowedFileTypes.types
      : [];
  const system = ctx.settings?.general?.systemMessages ?? {};
  let chosen: File[] = [];

  const picker = h("input", {
    class: "sr-only",
    attrs: {
      type: "file",
      multiple,
      accept: types.length ? types.join(",") : undefined,
      capture: options.capture,
      tabindex: -1,
      "aria-hidden": "true",
    },
  });
  const zone = h(
    "button",
    {
      class: "dropzone",
      attrs: { type: "button", "aria-label": textOf(labels.placeholder || "Click to upload or drag and drop") },
    },
    icon(ICONS.upload, 28),
    h("span", null, textOf(labels.placeholder || fileInputDefaults.labels.placeholder)),
  );
  const list = h("ul", { class: "files", attrs: { "aria-live": "polite" } });
  const error = h("div", { class: "notice", attrs: { role: "alert" } });
  error.hidden = true;
  const upload = h(
    "button",
    { class: "btn", attrs: { type: "button", disabled: true } },
    labels.button || fileInputDefaults.labels.button,
  );
  const clearButton = h(
    "button",
    { class: "btn secondary", attrs: { type: "button" } },
    labels.clear || fileInputDefaults.labels.clear,
  );
  clearButton.hidden = true;
  const skip =
    !required &&
    h(
      "button",
      {
        class: "btn secondary",
        attrs: { type: "button" },
        on: {
          click: () => ctx.submit({ text: "", display: labels.skip || fileInputDefaults.labels.skip, empty: true }),
        },
      },
      labels.skip || fileInputDefaults.labels.skip,
    );

  const choose = (files: File[]) => {
    chosen = multiple ? files : files.slice(0, 1);
    list.replaceChildren(
      ...chosen.map((file) => h("li", null, `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)`)),
    );
    upload.disabled = chosen.length === 0;
    clearButton.hidden = chosen.length === 0;
    error.hidden = true;
  };
  picker.addEventListener("change", () => choose(Array.from(picker.files ?? [])));
  zone.addEventListener("click", () => picker.click());
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("over");
    choose(Array.from(event.dataTransfer?.files ?? []));
  });
  clearButton.addEventListener("click", () => {
    picker.value = "";
    choose([]);
  });

  upload.addEventListener("click", async () => {
    upload.disabled = true;
    const bars = chosen.map(() => h("progress", { attrs: { max: 1, value: 0 } }));
    list.replaceChildren(...chosen.map((file, index) => h("li", null, file.name, bars[index])));
    const done: UploadedFile[] = [];
    try {
      for (const [index, file] of chosen.entries())
        done.push(await ctx.upload(file, (fraction) => (bars[index].value = fraction)));
    } catch (failure) {
      const status = (failure as { status?: number }).status;
      const message = (failure as Error).message;
      const limit = /([\d.]+) MB/.exec(message)?.[1] ?? "10";
      const text =
        status === 413
          ? String(system.fileUploadSizeError || "[[file]] is larger than [[limit]]MB")
              .replace("[[file]]", chosen[done.length]?.name ?? "")
              .replace("[[limit]]", limit)
          : status === 415 && message
            ? message
            : system.fileUploadError || "An error occured while uploading the files";
      error.textContent = text;
      error.hidden = false;
      upload.disabled = false;
      return;
    }
    const success =
      done.length > 1
        ? String(labels.success?.multiple || fileInputDefaults.labels.success.multiple).replace(
            "{total}",
            String(done.length),
          )
        : labels.success?.single || fileInputDefaults.labels.success.single;
    ctx.submit({
      text: done.map((file) => file.url).join(", "),
      display: success,
      attachedFileUrls: done.map((file) => file.url),
      files: done.map((file) => ({ name: file.name, url: file.url })),
    });
  });

  const element = h("div", "stack", picker, zone, list, error, h("div", "actions", skip, clearButton, upload));
  return { element, focus: () => zone.focus() };
}
