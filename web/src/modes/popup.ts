import type { Chat } from "../chat/chat";
import { h, icon, ICONS } from "../lib/dom";
import { ParleyElement } from "./parley-element";

/** A modal over the page: opened by a command or after `autoShowDelay`; Escape or a click outside closes it. */
export class ParleyPopup extends ParleyElement {
  private overlay: HTMLDivElement | undefined;
  private panel: HTMLDivElement | undefined;
  private returnFocus: Element | null = null;

  protected mount(chat: Chat): void {
    const close = h(
      "button",
      {
        class: "icon-btn close",
        attrs: { type: "button", "aria-label": "Close chat" },
        on: { click: () => this.close() },
      },
      icon(ICONS.close),
    );
    this.panel = h(
      "div",
      { class: "panel", attrs: { role: "dialog", "aria-modal": "true", "aria-label": "Chat" } },
      close,
      chat.element,
    );
    this.overlay = h("div", { class: "overlay", attrs: { part: "overlay" } }, this.panel);
    this.overlay.addEventListener("click", (event) => event.target === this.overlay && this.close());
    this.overlay.addEventListener("keydown", (event) => event.key === "Escape" && this.close());
    this.root.appendChild(this.overlay);
    const delay = this.config?.autoShowDelay;
    if (typeof delay === "number" && Number.isFinite(delay)) setTimeout(() => this.open(), Math.max(0, delay));
  }

  protected mayFocus(): boolean {
    return this.isOpen;
  }

  get isOpen(): boolean {
    return Boolean(this.overlay?.classList.contains("open"));
  }

  open(): void {
    if (!this.overlay || this.isOpen) return;
    this.returnFocus = document.activeElement;
    this.overlay.classList.add("open");
    if (this.chat && !this.chat.started) void this.chat.start();
    requestAnimationFrame(() =>
      (
        this.panel?.querySelector<HTMLElement>(".input-row input, .input-row textarea, .input-row button") ??
        this.panel?.querySelector<HTMLElement>(".close")
      )?.focus(),
    );
    this.dispatchEvent(new CustomEvent("parley:open"));
  }

  close(): void {
    if (!this.overlay || !this.isOpen) return;
    this.overlay.classList.remove("open");
    if (this.returnFocus instanceof HTMLElement) this.returnFocus.focus();
    this.dispatchEvent(new CustomEvent("parley:close"));
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }
}
