import { bubbleText, isMediaBubble, renderBubbleContent } from "../bubbles/render-bubble";
import { h } from "../lib/dom";
import type { ChatBubble } from "../lib/types";
import type { InputView } from "../inputs/types";

export type GuestRow = { setText(text: string): void };

/** The chat's DOM: a log of rows, the current input below it, an optional progress bar. Nothing here talks to the server. */
export class ChatView {
  readonly root = h("div", "parley");
  private readonly log = h("div", {
    class: "log",
    attrs: { role: "log", "aria-live": "polite", "aria-relevant": "additions", "aria-label": "Conversation" },
  });
  private readonly inputRow = h("div", { class: "input-row" });
  private readonly container = h("div", "container", this.log, this.inputRow);
  private readonly scroller = h("div", "scroll", this.container);
  private readonly progressFill = h("div");
  private readonly progress = h(
    "div",
    {
      class: "progress top",
      attrs: { role: "progressbar", "aria-valuemin": 0, "aria-valuemax": 100, "aria-label": "Progress" },
    },
    this.progressFill,
  );
  private lastHostAvatar: HTMLElement | undefined;
  private lastRowKind: "host" | "guest" | undefined;
  avatars: { host?: string; guest?: string } = {};

  constructor() {
    this.progress.hidden = true;
    this.root.append(this.progress, this.scroller);
  }

  private avatar(url: string | undefined): HTMLElement | undefined {
    return url ? h("img", { class: "avatar", attrs: { src: url, alt: "" } }) : undefined;
  }

  private addRow(row: HTMLElement): void {
    this.log.appendChild(row);
    this.scrollToEnd();
  }

  scrollToEnd(): void {
    requestAnimationFrame(() => (this.scroller.scrollTop = this.scroller.scrollHeight));
  }

  /** A host row; consecutive host bubbles show the avatar once, beside the latest. */
  addHost(bubble: ChatBubble): HTMLElement | undefined {
    const content = renderBubbleContent(bubble);
    if (!content) return undefined;
    if (this.lastRowKind === "host" && this.lastHostAvatar) this.lastHostAvatar.style.visibility = "hidden";
    const avatar = this.avatar(this.avatars.host);
    const spacer = this.avatars.host ? avatar : undefined;
    const label = bubbleText(bubble) || (bubble.type === "image" ? "Image" : bubble.type);
    const element = h(
      "div",
      {
        class: isMediaBubble(bubble) ? "bubble host media" : "bubble host",
        attrs: { "data-bubble-id": bubble.id, "aria-label": isMediaBubble(bubble) ? label : undefined },
      },
      content,
    );
    this.addRow(h("div", { class: "row host", attrs: { "data-type": bubble.type } }, spacer, element));
    this.lastHostAvatar = spacer;
    this.lastRowKind = "host";
    return element;
  }

  /** Three dots while the bot "types"; hidden from screen readers, which get the message itself. */
  addTyping(): () => void {
    const row = h(
      "div",
      { class: "row host", attrs: { "aria-hidden": "true" } },
      this.avatars.host ? h("div", "avatar-space") : undefined,
      h("div", "bubble host typing", h("span"), h("span"), h("span")),
    );
    this.addRow(row);
    return () => row.remove();
  }

  /** A host bubble filled as text streams in. */
  addStreaming(): { append(text: string): void; finish(): void } {
    const text = h("p");
    const element = h("div", { class: "bubble host", attrs: { "aria-busy": "true" } }, h("div", "rich-text", text));
    this.addRow(
      h("div", { class: "row host", attrs: { "data-type": "stream" } }, this.avatar(this.avatars.host), element),
    );
    this.lastRowKind = "host";
    return {
      append: (chunk) => {
        text.append(chunk);
        return this.scrollToEnd();
      },
      finish: () => element.removeAttribute("aria-busy"),
    };
  }

  /** A wide host row holding a third-party widget (a booking page), filled by the widget's own script. */
  addWidget(): HTMLElement {
    const element = h("div", { class: "widget", attrs: { "data-widget": "true" } });
    this.addRow(h("div", { class: "row host", attrs: { "data-type": "widget" } }, element));
    this.lastRowKind = "host";
    return element;
  }

  addGuest(text: string, files: { name: string; url: string }[] = []): GuestRow {
    const label = h("span", null, text);
    const pictures = files.filter((file) => /\.(png|jpe?g|gif|webp|avif)$/i.test(file.name));
    const bubble = h(
      "div",
      "bubble guest",
      label,
      pictures.length > 0 &&
        h(
          "div",
          "guest-files",
          pictures.map((file) => h("img", { attrs: { src: file.url, alt: file.name } })),
        ),
    );
    this.addRow(h("div", "row guest", bubble, this.avatar(this.avatars.guest)));
    this.lastRowKind = "guest";
    return { setText: (value) => (label.textContent = value) };
  }

  setInput(view: InputView | undefined): void {
    this.inputRow.replaceChildren(...(view ? [view.element] : []));
    if (view) this.scrollToEnd();
  }

  /** A message about the chat itself (an error, a blocked popup), with an optional action. */
  notice(
    title: string | undefined,
    message: string,
    action?: { label: string; run(): void },
    info = false,
  ): HTMLElement {
    const button =
      action &&
      h(
        "button",
        {
          class: "btn",
          attrs: { type: "button" },
          on: {
            click: () => {
              notice.remove();
              return action.run();
            },
          },
        },
        action.label,
      );
    const notice = h(
      "div",
      { class: info ? "notice info" : "notice", attrs: { role: info ? "status" : "alert" } },
      title && h("strong", null, title),
      message,
      button && h("div", null, button),
    );
    this.log.appendChild(notice);
    this.scrollToEnd();
    return notice;
  }

  /** The whole chat replaced by one message: the bot cannot be started. */
  screen(message: string): void {
    this.clear();
    this.scroller.hidden = true;
    const screen = h(
      "div",
      { class: "screen", attrs: { "data-error": "true" } },
      h("div", { class: "notice", attrs: { role: "alert" } }, message),
    );
    this.root.appendChild(screen);
  }

  clear(): void {
    this.log.replaceChildren();
    this.inputRow.replaceChildren();
    this.root.querySelector(".screen")?.remove();
    this.scroller.hidden = false;
    this.lastHostAvatar = undefined;
    this.lastRowKind = undefined;
    this.setProgress(undefined);
  }

  setProgress(value: number | undefined, placement: "top" | "bottom" = "top"): void {
    this.progress.hidden = value === undefined;
    this.progress.className = `progress ${placement}`;
    if (value === undefined) return;
    const clamped = Math.max(0, Math.min(100, value));
    this.progressFill.style.width = `${clamped}%`;
    this.progress.setAttribute("aria-valuenow", String(Math.round(clamped)));
  }
}
