import { Chat } from "../chat/chat";
import { navigateShell, shellMemory } from "../chat/shell-relay";
import { baseSheet } from "../theme/base-styles";
import { configFromAttributes, defaultApiHost, type EmbedConfig } from "./config";
import { register, unregister } from "./registry";

/**
 * What the three embeds share: a shadow root (so the host page's CSS cannot reach in), one chat, and
 * the commands. Each mode decides where the chat sits and when it starts.
 */
export abstract class ParleyElement extends HTMLElement {
  readonly root: ShadowRoot;
  protected chat: Chat | undefined;
  /** Set by `Parley.init*` before the element is attached; attributes are read otherwise. */
  config: EmbedConfig | undefined;
  private customSheet: CSSStyleSheet | undefined;
  private registeredId: string | undefined;
  protected interacted = false;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: "open" });
    this.root.adoptedStyleSheets = [baseSheet()];
    this.root.addEventListener("pointerdown", () => (this.interacted = true));
    this.root.addEventListener("keydown", () => (this.interacted = true));
  }

  connectedCallback(): void {
    if (this.chat) return;
    const config = { ...configFromAttributes(this), ...this.config };
    if (!config.bot) return;
    this.config = config;
    // The chat page's frame (an opaque origin, no storage of its own) remembers and redirects through its shell.
    const inShell = this.hasAttribute("shell-relay");
    this.chat = new Chat({
      publicId: config.bot,
      apiHost: (config.apiHost || defaultApiHost()).replace(/\/$/, ""),
      prefilledVariables: config.prefilledVariables ?? {},
      isFullPage: this.hasAttribute("full-page") && !inShell,
      mayFocus: () => this.mayFocus(),
      adoptSheet: (sheet) => this.adopt(sheet),
      onHostMessage: () => this.onHostMessage(),
      ...(inShell ? { memory: shellMemory, navigate: navigateShell } : {}),
    });
    this.registeredId = register(config.id, this);
    this.mount(this.chat);
  }

  disconnectedCallback(): void {
    unregister(this.registeredId, this);
  }

  private adopt(sheet: CSSStyleSheet | undefined): void {
    if (sheet === this.customSheet) return;
    this.customSheet = sheet;
    this.root.adoptedStyleSheets = sheet ? [baseSheet(), sheet] : [baseSheet()];
  }

  protected abstract mount(chat: Chat): void;
  protected abstract mayFocus(): boolean;
  protected onHostMessage(): void {}

  open(): void {}
  close(): void {}
  toggle(): void {}

  reset(): void {
    this.chat?.reset();
  }

  setPrefilledVariables(variables: Record<string, unknown>): void {
    this.chat?.setPrefilledVariables(variables);
  }
}
