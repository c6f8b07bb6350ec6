/** The chat API's shapes as the client reads them (loosely: bots carry whatever their authors wrote). */
export type Json = Record<string, any>;

export type ChatBubble = { id: string; type: string; content: Json };
export type ClientAction = {
  type: string;
  lastBubbleBlockId?: string;
  expectsDedicatedReply?: boolean;
  [key: string]: any;
};
export type ChatInput = {
  id: string;
  type: string;
  options?: Json;
  items?: Json[];
  prefilledValue?: string;
  /** The input has an idle path: report the silence after this many seconds. */
  idleTimeout?: { seconds: number };
  [key: string]: any;
};

export type ChatTurn = {
  messages: ChatBubble[];
  input?: ChatInput;
  clientSideActions?: ClientAction[];
  logs?: { status?: string; description: string; details?: unknown }[];
  dynamicTheme?: { hostAvatarUrl?: string; guestAvatarUrl?: string; backgroundUrl?: string };
  progress?: number;
  lastMessageNewFormat?: string;
};

export type StartTurn = ChatTurn & {
  sessionId: string;
  resultId?: string;
  bot: { id: string; version?: string; theme?: Json; settings?: Json; publishedAt?: string };
};

export type OutgoingMessage =
  | {
      type: "text";
      text: string;
      attachedFileUrls?: string[];
      metadata?: { replyId?: string };
    }
  /** The input was left unanswered past its idle timeout. */
  | { type: "idle" };
