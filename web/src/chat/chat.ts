import { bubbleText } from "../bubbles/render-bubble";
import { renderInput } from "../inputs/render-input";
import { startIdleTimer } from "./idle-timer";
import type { Answer } from "../inputs/types";
import { type ApiError, ChatApi } from "../lib/api";
import { sleep } from "../lib/dom";
import { rememberSetting, windowMemory, type Memory, type MemoryStore } from "../lib/memory";
import type { ChatBubble, ChatInput, ChatTurn, ClientAction, Json, OutgoingMessage } from "../lib/types";
import { delayBetweenBubbles, isTypingSkippedOnFirstMessage, typingDuration } from "../lib/typing";
import { applyVariables, avatarUrls, loadThemeFont, themeVariables } from "../theme/apply-theme";
import { customSheet } from "../theme/base-styles";
import { runAction, type ActionHost } from "./actions";
import { ChatView, type GuestRow } from "./chat-view";
import { startErrorMessage } from "./start-errors";

export type ChatOptions = {
  publicId: string;
  apiHost: string;
  prefilledVariables: Record<string, unknown>;
  isFullPage?: boolean;
  /** Whether moving the focus into the chat is welcome now (visible, and not stealing it from the host page). */
  mayFocus(): boolean;
  /** Custom CSS of the bot goes into this chat's shadow root. */
  adoptSheet(sheet: CSSStyleSheet | undefined): void;
  onHostMessage?(bubble: ChatBubble): void;
  /** The client of the chat API; the builder's preview brings one that starts previews. */
  api?: ChatApi;
  /** Where remember-user keeps the conversation; this window's storage unless told otherwise. */
  memory?: MemoryStore;
  /** How a Redirect block leaves the page; the chat page's frame asks its shell. */
  navigate?(url: string): void;
};

/** One conversation: starts, shows each turn (typing, bubbles, actions, input), sends answers, remembers. */
export class Chat {
  readonly view = new ChatView();
  private readonly api: ChatApi;
  private readonly memoryStore: MemoryStore;
  private run = 0;
  private sessionId: string | undefined;
  private settings: Json = {};
  private theme: Json = {};
  private dynamic: Json = {};
  private memory: Memory = { items: [] };
  private lastGuest: GuestRow | undefined;
  private lastAnswerWasPick = false;
  private bubblesShown = 0;
  /** Stops the shown input's idle timer, when it has one. */
  private stopIdleTimer: (() => void) | undefined;
  /** Closes the events stream of a chat waiting for its webhook, when one is open. */
  private stopListening: (() => void) | undefined;
  private prefilled: Record<string, unknown>;
  started = false;

  constructor(private readonly options: ChatOptions) {
    this.api = options.api ?? new ChatApi(options.apiHost);
    this.memoryStore = options.memory ?? windowMemory(options.publicId);
    this.prefilled = { ...options.prefilledVariables };
  }

  get element(): HTMLElement {
    return this.view.root;
  }

  setPrefilledVariables(variables: Record<string, unknown>): void {
    this.prefilled = { ...this.prefilled, ...variables };
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const run = ++this.run;
    const memory = await this.memoryStore.load();
    if (run !== this.run) return;
    if (memory?.sessionId && memory.input && !memory.ended && rememberSetting(memory.settings))
      return this.restore(memory);
    await this.begin(run, memory?.resultId);
  }

  /** Forgets this visitor and starts over. */
  reset(): void {
    this.run++;
    this.stopListening?.();
    this.memoryStore.forget();
    this.view.clear();
    this.sessionId = undefined;
    this.memory = { items: [] };
    this.bubblesShown = 0;
    const wasStarted = this.started;
    this.started = false;
    if (wasStarted) void this.start();
  }

  /** Starts over on the same result (the visitor is still remembered, if the bot remembers). */
  private restart(): void {
    this.run++;
    this.stopListening?.();
    this.view.clear();
    this.sessionId = undefined;
    this.bubblesShown = 0;
    this.started = false;
    void this.start();
  }

  private async begin(run: number, resultId: string | undefined): Promise<void> {
    let turn: Awaited<ReturnType<ChatApi["startChat"]>>;
    try {
      turn = await this.api.startChat(this.options.publicId, {
        prefilledVariables: this.prefilled,
        ...(resultId ? { resultId } : {}),
      });
    } catch (error) {
      if (run !== this.run) return;
      this.started = false;
      return this.view.screen(startErrorMessage(error as ApiError));
    }
    if (run !== this.run) return;
    this.sessionId = turn.sessionId;
    this.settings = turn.bot?.settings ?? {};
    this.theme = turn.bot?.theme ?? {};
    this.applyTheme();
    if (this.options.isFullPage && (this.settings.general?.isHideQueryParamsEnabled ?? true) && location.search)
      history.replaceState(history.state, "", location.pathname + location.hash);
    this.memory = {
      resultId: turn.resultId ?? resultId,
      sessionId: turn.sessionId,
      items: [],
      theme: this.theme,
      settings: this.settings,
    };
    await this.process(run, turn);
  }

  private restore(memory: Memory): void {
    this.memory = memory;
    this.sessionId = memory.sessionId;
    this.settings = memory.settings ?? {};
    this.theme = memory.theme ?? {};
    this.applyTheme();
    for (const item of memory.items) {
      if (item.kind === "host") this.view.addHost(item.bubble);
      else this.lastGuest = this.view.addGuest(item.text, item.files);
    }
    this.bubblesShown = memory.items.length;
    if (memory.input) this.showInput(this.run, memory.input);
  }

  private applyTheme(): void {
    applyVariables(this.view.root, themeVariables(this.theme, this.dynamic));
    loadThemeFont(this.theme);
    this.view.avatars = avatarUrls(this.theme, this.dynamic);
    this.options.adoptSheet(customSheet(this.theme.customCss));
  }

  private save(): void {
    const where = rememberSetting(this.settings);
    if (where) this.memoryStore.save(where, this.memory);
  }

  private async process(run: number, turn: ChatTurn): Promise<void> {
    if (turn.lastMessageNewFormat && this.lastGuest && !this.lastAnswerWasPick) {
      this.lastGuest.setText(turn.lastMessageNewFormat);
      const last = [...this.memory.items].reverse().find((item) => item.kind === "guest");
      if (last && last.kind === "guest") last.text = turn.lastMessageNewFormat;
    }
    if (turn.dynamicTheme) {
      this.dynamic = { ...this.dynamic, ...turn.dynamicTheme };
      this.applyTheme();
    }
    const progressBar = this.theme.general?.progressBar;
    if (typeof turn.progress === "number" && progressBar?.isEnabled)
      this.view.setProgress(turn.progress, progressBar.placement === "Bottom" ? "bottom" : "top");

    const messages = turn.messages ?? [];
    const actions = turn.clientSideActions ?? [];
    const shownIds = new Set(messages.map((message) => message.id));
    const after = (id: string | undefined) =>
      actions.filter((action) => action.lastBubbleBlockId === id && id !== undefined && shownIds.has(id));
    for (const action of actions.filter(
      (candidate) => !candidate.lastBubbleBlockId || !shownIds.has(candidate.lastBubbleBlockId),
    ))
      if (await this.act(run, action)) return;
    for (const [index, message] of messages.entries()) {
      await this.showBubble(run, message, index);
      if (run !== this.run) return;
      for (const action of after(message.id)) if (await this.act(run, action)) return;
    }
    if (run !== this.run) return;

    const waitingEmbed =
      !turn.input && messages.at(-1)?.type === "embed" && messages.at(-1)?.content?.waitForEvent?.isEnabled;
    this.memory.input = turn.input;
    if (turn.input) this.showInput(run, turn.input);
    else if (waitingEmbed) this.listenForEmbed(run, String(messages.at(-1)!.content.waitForEvent.name ?? ""));
    else if (!actions.some((action) => action.expectsDedicatedReply)) {
      this.memory.ended = true;
      this.memory.sessionId = undefined;
    }
    this.save();
  }

  private async showBubble(run: number, bubble: ChatBubble, index: number): Promise<void> {
    if (index > 0) await sleep(delayBetweenBubbles(this.settings));
    const skipTyping = this.bubblesShown === 0 && isTypingSkippedOnFirstMessage(this.settings);
    const duration = skipTyping ? 0 : typingDuration(bubbleText(bubble), this.settings);
    if (duration > 0 && run === this.run) {
      const stop = this.view.addTyping();
      await sleep(duration);
      stop();
    }
    if (run !== this.run) return;
    if (!this.view.addHost(bubble)) return;
    if (this.bubblesShown++ === 0) performance.mark("parley:first-bubble");
    this.memory.items.push({ kind: "host", bubble });
    this.options.onHostMessage?.(bubble);
  }

  /** True when the action took over the conversation (it answered the server, which sent the next turn). */
  private async act(run: number, action: ClientAction): Promise<boolean> {
    if (action.type === "listenForWebhook" || action.type === "handOff") {
      this.listenForWebhook(run, String(action.blockId ?? ""), action.type === "handOff");
      return true;
    }
    const reply = await runAction(action, this.actionHost());
    if (run !== this.run) return true;
    if (reply === undefined) return false;
    await this.send(run, reply ?? undefined);
    return true;
  }

  private actionHost(): ActionHost {
    return {
      streamUrl: () => (this.sessionId ? this.api.streamUrl(this.sessionId) : undefined),
      settings: () => this.settings,
      navigate: (url) => {
        if (this.options.navigate) this.options.navigate(url);
        else window.location.href = url;
      },
      streamingBubble: () => this.view.addStreaming(),
      widgetRow: () => this.view.addWidget(),
      popupBlocked: (url) => {
        const messages = this.settings.general?.systemMessages ?? {};
        this.view.notice(
          messages.popupBlockedTitle || "Popup blocked",
          messages.popupBlockedDescription ||
            "The bot wants to open a new tab but it was blocked by your browser. It needs a manual approval.",
          {
            label: messages.popupBlockedButtonLabel || "Continue in new tab",
            run: () => window.open(url, "_blank", "noopener"),
          },
          true,
        );
      },
      log: (description, details) =>
        this.sessionId &&
        void this.api.saveClientLogs(this.sessionId, [
          { status: "error", description, details: details === undefined ? undefined : String(details) },
        ]),
    };
  }

  private showInput(run: number, input: ChatInput, withIdleTimer = true): void {
    this.stopIdleTimer?.();
    this.stopIdleTimer = undefined;
    const view = renderInput(input, {
      submit: (answer) => void this.answer(run, answer),
      upload: (file, onProgress) => this.api.uploadFile(this.sessionId ?? "", file, onProgress),
      settings: this.settings,
      prefill: this.settings.general?.isInputPrefillEnabled ? input.prefilledValue : undefined,
    });
    this.view.setInput(view);
    if (this.options.mayFocus()) view.focus();
    if (withIdleTimer && input.idleTimeout)
      this.stopIdleTimer = startIdleTimer(view.element, input.idleTimeout.seconds, () => {
        if (run === this.run && this.memory.input === input) void this.send(run, { type: "idle" });
      });
  }

  private async answer(run: number, answer: Answer): Promise<void> {
    if (run !== this.run) return;
    const display = answer.display ?? answer.text;
    this.lastGuest = this.view.addGuest(display, answer.files);
    this.lastAnswerWasPick = Boolean(answer.isPick);
    this.memory.items.push({ kind: "guest", text: display, files: answer.files });
    const message: OutgoingMessage | undefined = answer.empty
      ? undefined
      : {
          type: "text",
          text: answer.text,
          ...(answer.attachedFileUrls ? { attachedFileUrls: answer.attachedFileUrls } : {}),
          ...(answer.replyId ? { metadata: { replyId: answer.replyId } } : {}),
        };
    await this.send(run, message);
  }

  /**
   * The chat waits for an outside system to call its webhook, or for a person to take it (a hand-off):
   * the server's events stream of the session brings the turn that call or hand back produced, shown
   * as if it answered a message; during a hand-off also who joined and what they wrote. The browser
   * reconnects by itself after a dropped connection, and the server then sends what was missed.
   */
  private listenForWebhook(run: number, blockId: string, handOff = false): void {
    this.stopListening?.();
    if (!this.sessionId) return;
    const source = new EventSource(this.api.sessionEventsUrl(this.sessionId, blockId));
    const stop = () => {
      source.close();
      if (this.stopListening === stop) this.stopListening = undefined;
    };
    this.stopListening = stop;
    source.addEventListener("reply", (event) => {
      stop();
      if (run !== this.run) return;
      if (handOff) {
        this.view.setInput(undefined);
        this.view.notice(undefined, "You're back with the bot", undefined, true);
      }
      void this.process(run, JSON.parse((event as MessageEvent<string>).data) as ChatTurn);
    });
    if (handOff) {
      this.showHandOffInput(run, blockId);
      source.addEventListener("joined", (event) => {
        const { name } = JSON.parse((event as MessageEvent<string>).data) as { name: string | null };
        if (run === this.run) this.view.notice(undefined, `${name || "A person"} joined the chat`, undefined, true);
      });
      source.addEventListener("operator", (event) => {
        if (run === this.run) this.showOperatorMessage(JSON.parse((event as MessageEvent<string>).data));
      });
    }
    source.addEventListener("gone", stop);
    // Refused (the chat does not wait there any more): the browser gives up; nothing to show.
    source.addEventListener("error", () => source.readyState === EventSource.CLOSED && stop());
  }

  /**
   * While a person has (or is about to take) the chat, the visitor writes to them: each message goes to
   * the Inbox (the server answers it with no bot message), and the box stays until the chat is handed back.
   */
  private showHandOffInput(run: number, blockId: string): void {
    const input: ChatInput = {
      id: blockId,
      type: "text input",
      options: { labels: { placeholder: "Type a message…" } },
    };
    const view = renderInput(input, {
      submit: (answer) => void this.tellOperator(run, blockId, answer),
      upload: (file, onProgress) => this.api.uploadFile(this.sessionId ?? "", file, onProgress),
      settings: this.settings,
    });
    this.view.setInput(view);
    if (this.options.mayFocus()) view.focus();
  }

  private async tellOperator(run: number, blockId: string, answer: Answer): Promise<void> {
    const display = answer.display ?? answer.text;
    this.view.addGuest(display, answer.files);
    this.memory.items.push({ kind: "guest", text: display, files: answer.files });
    this.save();
    try {
      await this.api.continueChat(this.sessionId ?? "", { type: "text", text: answer.text });
    } catch (error) {
      if (run === this.run) this.view.notice(undefined, (error as ApiError).message || "Your message was not sent.");
    }
    // Handed back meanwhile: the flow's own input has taken the box's place.
    if (run === this.run && this.stopListening) this.showHandOffInput(run, blockId);
  }

  /** An operator's message, shown as the bot's host would show it: text, and a file as its link. */
  private showOperatorMessage(message: { id: string; text: string | null; fileUrl: string | null }): void {
    const paragraphs = [
      ...(message.text ? [{ type: "p", children: [{ text: message.text }] }] : []),
      ...(message.fileUrl
        ? [{ type: "p", children: [{ type: "a", url: message.fileUrl, children: [{ text: message.fileUrl }] }] }]
        : []),
    ];
    const bubble: ChatBubble = { id: message.id, type: "text", content: { type: "richText", richText: paragraphs } };
    if (!this.view.addHost(bubble)) return;
    this.memory.items.push({ kind: "host", bubble });
    this.options.onHostMessage?.(bubble);
  }

  private listenForEmbed(run: number, name: string): void {
    const listener = (event: MessageEvent) => {
      if (run !== this.run) return window.removeEventListener("message", listener);
      if (!event.data || event.data.name !== name) return;
      window.removeEventListener("message", listener);
      const data = event.data.data;
      void this.send(run, { type: "text", text: typeof data === "string" ? data : JSON.stringify(data ?? null) });
    };
    window.addEventListener("message", listener);
  }

  private async send(run: number, message: OutgoingMessage | undefined): Promise<void> {
    this.stopIdleTimer?.();
    this.stopIdleTimer = undefined;
    const pendingInput = this.memory.input;
    this.view.setInput(undefined);
    this.save();
    let turn: ChatTurn;
    try {
      turn = await this.api.continueChat(this.sessionId ?? "", message);
    } catch (error) {
      if (run !== this.run) return;
      return this.failed(run, error as ApiError, message, pendingInput);
    }
    if (run !== this.run) return;
    await this.process(run, turn);
  }

  private failed(
    run: number,
    error: ApiError,
    message: OutgoingMessage | undefined,
    input: ChatInput | undefined,
  ): void {
    const system = this.settings.general?.systemMessages ?? {};
    if (error.status === 404) {
      // The session is gone (expired, or finished elsewhere): the visitor can only start again.
      this.memory.sessionId = undefined;
      this.memory.ended = true;
      this.save();
      this.view.notice(undefined, error.message || "Session expired. You need to start a new session.", {
        label: "Restart",
        run: () => this.restart(),
      });
      return;
    }
    // A refused idle report (the server's clock disagrees) is nothing the visitor did: the input just stays.
    if (message?.type === "idle" && error.status === 400 && input) {
      this.showInput(run, input, false);
      return;
    }
    if (this.sessionId)
      void this.api.saveClientLogs(this.sessionId, [
        { status: "error", description: "Failed to send the reply", details: `${error.status} ${error.message}` },
      ]);
    if (error.status === 0)
      this.view.notice(
        system.networkErrorTitle || "Network Error",
        system.networkErrorMessage || "Please check your internet connection and try again.",
        {
          label: "Try again",
          run: () => void this.send(run, message),
        },
      );
    else {
      this.view.notice(undefined, error.message || "Something went wrong. Please try again.");
      if (input) this.showInput(run, input);
    }
  }
}
