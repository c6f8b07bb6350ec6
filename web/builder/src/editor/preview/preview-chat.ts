/**
 * The preview runs the visitor's own chat component (web/src), the one the public page uses. Only
 * its transport differs: the first turn goes to the preview endpoint with the current draft, through
 * the client given to the component as its `api` option.
 */
import { Chat } from "../../../../src/chat/chat";
import { ChatApi } from "../../../../src/lib/api";
import { forgetMemory } from "../../../../src/lib/memory";
import type { ChatTurn, OutgoingMessage, StartTurn } from "../../../../src/lib/types";
import { baseSheet } from "../../../../src/theme/base-styles";
import { chatPaths, createApiClient } from "../../../../shared/api-client";
import { csrfHeader } from "../../lib/api";

export type PreviewTurn = ChatTurn;

export type PreviewOptions = {
  botId: string;
  /** The draft as it is now (not as last saved). */
  bot: Record<string, unknown>;
  startFrom: { type: "group"; groupId: string } | undefined;
  onTurn(turn: ChatTurn): void;
  onBubbleShown(id: string): void;
  /** What the visitor sent, before the answer comes (Save as test records it). */
  onReply?(text: string): void;
};

/** The component's client, with the start sent to the preview endpoint and every turn reported. */
class PreviewApi extends ChatApi {
  stopped = false;
  /** The preview's start is a member's call: the sign-in cookie and the CSRF header go with it. */
  private readonly member = createApiClient({
    baseUrl: "",
    paths: chatPaths,
    credentials: "same-origin",
    headers: csrfHeader,
  });

  constructor(private readonly options: PreviewOptions) {
    super(location.origin);
  }

  /** A stopped run's requests never answer, so the old chat goes quiet instead of carrying on. */
  private guard<T>(turn: T): Promise<T> {
    return this.stopped ? new Promise<T>(() => undefined) : Promise.resolve(turn);
  }

  override async startChat(
    _publicId: string,
    body: { prefilledVariables?: Record<string, unknown> },
  ): Promise<StartTurn> {
    const turn: StartTurn = await this.member.call("startPreviewChat", {
      params: { botId: this.options.botId },
      body: {
        bot: this.options.bot,
        ...(this.options.startFrom ? { startFrom: this.options.startFrom } : {}),
        ...(body.prefilledVariables && Object.keys(body.prefilledVariables).length
          ? { prefilledVariables: body.prefilledVariables }
          : {}),
        isStreamEnabled: true,
        textBubbleContentFormat: "richText",
      },
    });
    if (!this.stopped) this.options.onTurn(turn);
    return this.guard(turn);
  }

  override async continueChat(sessionId: string, message: OutgoingMessage | undefined): Promise<ChatTurn> {
    if (message && !this.stopped) this.options.onReply?.(message.text);
    const turn = await super.continueChat(sessionId, message);
    if (!this.stopped) this.options.onTurn(turn);
    return this.guard(turn);
  }

  /** Preview sessions have no result to attach logs to. */
  override async saveClientLogs(): Promise<void> {}
}

let runs = 0;

/** Mounts a chat in a shadow root inside `host` and starts it; returns a function that stops it. */
export function mountPreviewChat(host: HTMLElement, options: PreviewOptions): () => void {
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  root.replaceChildren();
  root.adoptedStyleSheets = [baseSheet()];
  // A fresh key per run: a preview never resumes a remembered conversation (and forgets it when stopped).
  const memoryKey = `preview-${options.botId}-${Date.now()}-${runs++}`;
  const api = new PreviewApi(options);
  const chat = new Chat({
    publicId: memoryKey,
    apiHost: location.origin,
    prefilledVariables: {},
    mayFocus: () => true,
    adoptSheet: (sheet) => (root.adoptedStyleSheets = sheet ? [baseSheet(), sheet] : [baseSheet()]),
    onHostMessage: (bubble) => {
      if (!api.stopped) options.onBubbleShown(bubble.id);
    },
    api,
  });
  root.appendChild(chat.element);
  void chat.start();
  return () => {
    api.stopped = true;
    forgetMemory(memoryKey);
    root.replaceChildren();
  };
}
