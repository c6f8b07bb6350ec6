import type { Chat } from "../chat/chat";
import { ParleyElement } from "./parley-element";

/** The chat inline in the page (or filling it, with `full-page`), started at once. */
export class ParleyStandard extends ParleyElement {
  protected mount(chat: Chat): void {
    this.root.appendChild(chat.element);
    void chat.start();
  }

  protected mayFocus(): boolean {
    // Never take focus from what the visitor is typing in elsewhere (another bot on the same page).
    const active = document.activeElement;
    const busyElsewhere = active !== null && active !== document.body && active !== this;
    return (this.hasAttribute("full-page") || this.interacted) && !busyElsewhere;
  }
}
