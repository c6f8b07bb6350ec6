import type { Chat } from "../chat/chat";
import { h, icon, ICONS } from "../lib/dom";
import { ParleyElement } from "./parley-element";

/** A round launcher in the corner opening a chat window; optionally a preview message beside it. */
export class ParleyBubble extends ParleyElement {
  private launcher: HTMLButtonElement | undefined;
  private window: HTMLDivElement | undefined;
  private preview: HTMLDivElement | undefined;
  private static count = 0;

  protected mount(chat: Chat): void {
    const windowId = `parley-window-${++ParleyBubble.count}`;
    const button = this.config?.theme?.button ?? {};
    this.launcher = h(
      "button",
      {
        class: "launcher",
        attrs: {
          type: "button",
          "aria-label": "Open chat",
          "aria-expanded": "false",
          "aria-controls": windowId,
          part: "launcher",
        },
        style: { "--p-launcher-bg": button.backgroundColor, "--p-launcher-color": button.iconColor },
        on: { click: () => this.toggle() },
      },
      icon(ICONS.chat, 26),
    );
    this.window = h(
      "div",
      { class: "window", attrs: { id: windowId, role: "dialog", "aria-label": "Chat" } },
      chat.element,
    );
    this.window.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      this.close();
      this.launcher?.focus();
    });
    this.root.append(this.window, this.launcher);
    this.mountPreview();
  }

  private mountPreview(): void {
    const preview = this.config?.previewMessage;
    if (!preview?.message) return;
    const dismiss = h(
      "button",
      {
        class: "icon-btn",
        attrs: { type: "button", "aria-label": "Dismiss message" },
        on: {
          click: (event) => {
            event.stopPropagation();
            return this.hidePreview();
          },
        },
      },
      icon(ICONS.close, 16),
    );
    this.preview = h(
      "div",
      { class: "preview", attrs: { role: "status" } },
      h(
        "button",
        {
          class: "icon-btn",
          attrs: { type: "button", "aria-label": `Open chat: ${preview.message}` },
          style: { width: "auto", height: "auto", "border-radius": "0", gap: "10px" },
          on: { click: () => this.open() },
        },
        preview.avatarUrl && h("img", { attrs: { src: preview.avatarUrl, alt: "" } }),
        h("span", null, preview.message),
      ),
      dismiss,
    );
    this.root.appendChild(this.preview);
    setTimeout(() => !this.isOpen && this.preview?.classList.add("open"), Math.max(0, preview.autoShowDelay ?? 0));
  }

  private hidePreview(): void {
    this.preview?.classList.remove("open");
  }

  protected mayFocus(): boolean {
    return this.isOpen;
  }

  get isOpen(): boolean {
    return Boolean(this.window?.classList.contains("open"));
  }

  open(): void {
    if (!this.window || this.isOpen) return;
    this.hidePreview();
    this.window.classList.add("open");
    this.launcher?.setAttribute("aria-expanded", "true");
    this.launcher?.setAttribute("aria-label", "Close chat");
    this.launcher?.replaceChildren(icon(ICONS.close, 24));
    if (this.chat && !this.chat.started) void this.chat.start();
    requestAnimationFrame(() =>
      this.window?.querySelector<HTMLElement>(".input-row input, .input-row textarea, .input-row button")?.focus(),
    );
    this.dispatchEvent(new CustomEvent("parley:open"));
  }

  close(): void {
    if (!this.window || !this.isOpen) return;
    this.window.classList.remove("open");
    this.launcher?.setAttribute("aria-expanded", "false");
    this.launcher?.setAttribute("aria-label", "Open chat");
    this.launcher?.replaceChildren(icon(ICONS.chat, 26));
    this.dispatchEvent(new CustomEvent("parley:close"));
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }
}
