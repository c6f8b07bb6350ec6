import type { RuntimeBot } from "./runtime-bot.js";

/**
 * Everything the engine may ask of the outside world. The engine never imports node:*, the store or
 * the HTTP layer: the services hand it these small shapes, and tests hand it fakes. Ports other than
 * the clock and the random source are optional: a block whose port is missing logs that it cannot run.
 */
export type Clock = { now(): Date };
export type RandomSource = {
  /** A fresh collision-resistant id. */
  id(): string;
  /** Uniform in [0, 1). */
  number(): number;
};

/** What a sandbox run gives back. A fault of the bot's code is an `ok: false` result, never an exception. */
export type SandboxResult =
  | { ok: true; value: unknown; setVariables: { name: string; value: unknown }[] }
  | { ok: false; error: string };

/** Runs bot-authored JavaScript in an isolated sandbox (never in the server's own realm). */
export type SandboxPort = {
  run(request: {
    code: string;
    /** Globals visible to the code, by identifier (variable ids), already type-guessed. */
    globals: Record<string, unknown>;
    /**
     * "expression": the value of an expression or a function body; "script": a Code block; "inline":
     * a `{{= … =}}` expression (nothing awaited, no fetch). Every kind runs off the server's thread
     * when the sandbox has workers: the walk collects inline code and evaluates it ahead through here.
     */
    kind: "expression" | "script" | "inline";
  }): Promise<SandboxResult>;
};

/**
 * Who asks for an integration: credentials are only looked up in this workspace (the bot's own).
 * `workspaceId` is unset for chats that may not use any workspace's credentials.
 */
export type IntegrationScope = { workspaceId?: string; botId: string; mode: "live" | "preview" };

export type HttpRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
};
/**
 * Any HTTP status is a response. When no response came back, `error` says why and `statusCode` is
 * 408 (timeout), 403 (refused by the address guard) or 500 (anything else); the port never throws.
 */
export type HttpResponse = {
  statusCode: number;
  /** JSON-parsed when the body is JSON, else the text. */
  data: unknown;
  error?: { kind: "timeout" | "refused" | "failed"; message: string };
};
/** Outgoing HTTP with the SSRF guard applied by the implementation. */
export type HttpPort = { request(request: HttpRequest): Promise<HttpResponse> };

export type MailMessage = {
  /** Workspace SMTP credentials; "default" or unset → the instance's own mail server. */
  credentialsId?: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  /** May carry a display name ("Ann <ann@example.com>"), which then names the sender too. */
  replyTo?: string;
  subject?: string;
  text?: string;
  html?: string;
};
/** `retryable`: the mail server may take it later (no answer, a 4xx); else trying again cannot help. */
export type MailResult = { ok: true; from: string } | { ok: false; error: string; retryable?: boolean };
export type MailerPort = { send(message: MailMessage, scope: IntegrationScope): Promise<MailResult> };

export type ChatCompletionMessage = { role: "system" | "user" | "assistant"; content: string; name?: string };
export type ChatCompletionRequest = {
  credentialsId?: string;
  baseUrl: string;
  /** Azure-style deployments: sent as the `api-version` query parameter. */
  apiVersion?: string;
  model: string;
  messages: ChatCompletionMessage[];
  temperature?: number;
};
export type ChatCompletionUsage = { totalTokens?: number; promptTokens?: number; completionTokens?: number };
export type ChatCompletionFailure = { ok: false; error: string; details?: string };
export type ChatCompletionPort = {
  complete(
    request: ChatCompletionRequest,
    scope: IntegrationScope,
  ): Promise<{ ok: true; content: string; usage?: ChatCompletionUsage } | ChatCompletionFailure>;
  /** The completion as text pieces, in order, as the server produces them. */
  stream(
    request: ChatCompletionRequest,
    scope: IntegrationScope,
  ): Promise<{ ok: true; chunks: AsyncIterable<string> } | ChatCompletionFailure>;
};

/** The model providers the AI blocks talk to, by block id. */
export type AiProvider =
  | "openai"
  | "anthropic"
  | "mistral"
  | "groq"
  | "deepseek"
  | "perplexity"
  | "together-ai"
  | "open-router";
export type AiContentPart = { type: "text"; text: string } | { type: "image"; url: string };
export type AiMessage =
  | { role: "system" | "assistant"; content: string }
  | { role: "user"; content: string | AiContentPart[] };
/** A tool the model may call: `run` executes the bot's code (in the sandbox) and answers with text. */
export type AiTool = {
  name: string;
  description?: string;
  /** JSON Schema of the arguments (an object). */
  parameters: Record<string, unknown>;
  run(args: Record<string, unknown>): Promise<string>;
};
type AiCall = {
  provider: AiProvider;
  credentialsId?: string;
  model: string;
  /** Epoch ms by which the call must be over (the turn's deadline); a 429 is retried only before it. */
  deadline?: number;
};
export type AiChatRequest = AiCall & {
  messages: AiMessage[];
  temperature?: number;
  tools?: AiTool[];
  /**
   * The block's own address (the legacy block's `baseUrl`): used as is without a credential; with one,
   * the call goes to the credential's address, and a different block address refuses it
   * (src/integrations/credentials/credential-destination.ts).
   */
  baseUrl?: string;
  /** Azure-style deployments: sent as `api-version`. */
  apiVersion?: string;
};
export type AiUsage = ChatCompletionUsage;
/** Why a provider call gave nothing: `status` is the provider's HTTP status when it answered. */
export type AiFailure = { ok: false; error: string; status?: number; details?: string };
export type AiChatResult = { ok: true; text: string; usage: AiUsage } | AiFailure;
export type AiObjectRequest = AiCall & {
  prompt: string;
  /** JSON Schema of the object to extract (an object whose keys are variable names). */
  schema: Record<string, unknown>;
};
export type AiResponsesRequest = AiCall & {
  input: string;
  instructions?: string;
  previousResponseId?: string;
  temperature?: number;
  tools?: AiTool[];
  webSearch?: boolean;
  codeInterpreter?: boolean;
  fileSearch?: { vectorStoreIds: string[]; maxNumResults?: number; scoreThreshold?: number };
};
export type AiAssistantRequest = AiCall & {
  assistantId: string;
  threadId?: string;
  message: string;
  additionalInstructions?: string;
  tools?: AiTool[];
};
export type AiPort = {
  chat(request: AiChatRequest, scope: IntegrationScope): Promise<AiChatResult>;
  /** The answer as text pieces; `result` settles once the stream ended (or failed). */
  streamChat(
    request: AiChatRequest,
    scope: IntegrationScope,
  ): Promise<{ ok: true; chunks: AsyncIterable<string>; result: Promise<AiChatResult> } | AiFailure>;
  /** Structured output: an object following `schema`. */
  generateObject(
    request: AiObjectRequest,
    scope: IntegrationScope,
  ): Promise<{ ok: true; object: Record<string, unknown> } | AiFailure>;
  /** OpenAI's Responses API, function calls answered (up to 10 rounds). */
  askModel(
    request: AiResponsesRequest,
    scope: IntegrationScope,
  ): Promise<{ ok: true; text: string; responseId: string } | AiFailure>;
  askAssistant(
    request: AiAssistantRequest,
    scope: IntegrationScope,
  ): Promise<{ ok: true; text: string; threadId: string } | AiFailure>;
  /** Text to speech; the audio is stored with the uploads and its public URL returned. */
  createSpeech(
    request: AiCall & { input: string; voice?: string; instructions?: string },
    scope: IntegrationScope,
  ): Promise<{ ok: true; url: string } | AiFailure>;
  /** Downloads `audioUrl` (through the address guard) and transcribes it. */
  transcribe(
    request: AiCall & { audioUrl: string; prompt?: string },
    scope: IntegrationScope,
  ): Promise<{ ok: true; text: string } | AiFailure>;
};

/**
 * Plug-in services called with a workspace credential (NocoDB, Segment, PostHog, Blink). Each adapter
 * resolves the key and address from `credentialsId` in the scope's workspace and sends through the
 * address guard. `status` is the service's HTTP status when it answered, `details` its body.
 */
export type PluginFailure = {
  ok: false;
  error: string;
  status?: number;
  details?: string;
  /** The service may take it later (no answer, a 5xx, 408 or 429); else trying again cannot help. */
  retryable?: boolean;
};
type PluginCall = { credentialsId: string };
export type PluginRecord = Record<string, unknown>;
export type NocoDbPort = {
  /** The table's records matching `where` (NocoDB's filter syntax), first 1,000, in the view's order. */
  searchRecords(
    request: PluginCall & { tableId: string; viewId?: string; where?: string },
    scope: IntegrationScope,
  ): Promise<{ ok: true; records: PluginRecord[] } | PluginFailure>;
  /** Creates one record; link columns named in `fields` are linked to the record ids they list. */
  createRecord(
    request: PluginCall & { tableId: string; fields: Record<string, string | null> },
    scope: IntegrationScope,
  ): Promise<{ ok: true } | PluginFailure>;
  /** Gives every record of `ids` the same `fields` (link columns linked as on create). */
  updateRecords(
    request: PluginCall & { tableId: string; ids: unknown[]; fields: Record<string, string | null> },
    scope: IntegrationScope,
  ): Promise<{ ok: true } | PluginFailure>;
};
/** One call of Segment's HTTP tracking API: its path (`identify`, `track`, `page`, `alias`) and body. */
export type SegmentPort = {
  send(
    request: PluginCall & { call: "identify" | "track" | "page" | "alias"; body: Record<string, unknown> },
    scope: IntegrationScope,
  ): Promise<{ ok: true } | PluginFailure>;
};
/** One event for PostHog's capture endpoint (the project key is added by the adapter). */
export type PostHogPort = {
  capture(
    request: PluginCall & {
      event: string;
      distinctId: string;
      properties: Record<string, unknown>;
      /** PostHog drops an event whose uuid it already has: a retried delivery is counted once. */
      uuid?: string;
    },
    scope: IntegrationScope,
  ): Promise<{ ok: true } | PluginFailure>;
};
export type BlinkPort = {
  getUsers(
    request: PluginCall & { query: Record<string, string> },
    scope: IntegrationScope,
  ): Promise<{ ok: true; users: PluginRecord[] } | PluginFailure>;
  /** Posts a feed event (Blink's own body); answers the new event's id. */
  sendFeedEvent(
    request: PluginCall & { body: Record<string, unknown> },
    scope: IntegrationScope,
  ): Promise<{ ok: true; eventId?: string } | PluginFailure>;
  /** What an attachment section needs of a file (a HEAD request through the address guard). */
  describeFile(url: string): Promise<{ ok: true; name?: string; type?: string; size?: number } | PluginFailure>;
};

/** ElevenLabs text to speech; the audio is stored with the uploads and its public URL returned. */
export type ElevenLabsPort = {
  textToSpeech(
    request: { credentialsId: string; voiceId: string; modelId?: string; text: string; deadline?: number },
    scope: IntegrationScope,
  ): Promise<{ ok: true; url: string } | AiFailure>;
};

export type DifyChatRequest = {
  credentialsId: string;
  query: string;
  /** The conversation to continue; unset starts a new one. */
  conversationId?: string;
  user: string;
  inputs: Record<string, string>;
  /** Epoch ms by which the call must be over (the turn's deadline). */
  deadline?: number;
};
export type DifyChatResult = { ok: true; answer: string; conversationId?: string; usage: AiUsage } | AiFailure;
/** A Dify.AI app (chat messages) and its knowledge bases. */
export type DifyPort = {
  chatMessage(request: DifyChatRequest, scope: IntegrationScope): Promise<DifyChatResult>;
  /** The answer as text pieces; `result` settles once the stream ended (or failed). */
  streamChatMessage(
    request: DifyChatRequest,
    scope: IntegrationScope,
  ): Promise<{ ok: true; chunks: AsyncIterable<string>; result: Promise<DifyChatResult> } | AiFailure>;
  /** The content of each chunk a knowledge base retrieves for the query. */
  retrieve(
    request: { credentialsId: string; datasetId: string; query: string; deadline?: number },
    scope: IntegrationScope,
  ): Promise<{ ok: true; chunks: string[] } | AiFailure>;
};

/** A ChatNode bot: one message in, its answer and the chat session (thread) it belongs to out. */
export type ChatNodePort = {
  sendMessage(
    request: { credentialsId: string; botId: string; message: string; threadId?: string; deadline?: number },
    scope: IntegrationScope,
  ): Promise<{ ok: true; message: string; threadId?: string } | AiFailure>;
};

/** QR codes drawn on this server as PNG images, stored with the uploads. */
export type QrCodePort = { generate(data: string): Promise<{ ok: true; url: string } | AiFailure> };

/**
 * One passage of a workspace's knowledge base that matched a question. `score` is in [0, 1], higher
 * is better, comparable across knowledge bases of one search method, so a block can hold it to a
 * threshold; `headingPath` is the document's headings above the passage ("Pricing", "Refunds").
 */
export type KnowledgeHit = {
  chunkId: string;
  documentId: string;
  /** The document's title, else its file name or URL. */
  documentName: string;
  /** Set for documents fetched from the web. */
  url?: string;
  headingPath: string[];
  /** PDFs: the page the passage starts on, from 1. */
  page?: number;
  text: string;
  score: number;
};
/** Retrieval from the bot's workspace's knowledge bases (full text, and vectors when the base has embeddings). */
export type KnowledgePort = {
  search(
    request: {
      knowledgeBaseId: string;
      query: string;
      limit: number;
      deadline?: number;
      /** Unset: the base's own mode. */
      searchMode?: "fulltext" | "vector" | "hybrid";
    },
    scope: IntegrationScope,
  ): Promise<{ ok: true; hits: KnowledgeHit[] } | { ok: false; error: string }>;
};

/** Bots linked from a Bot link block: the published version in a live chat, the draft in a preview. */
export type BotLoaderPort = {
  load(botId: string, mode: "live" | "preview", workspaceId: string | undefined): Promise<RuntimeBot | undefined>;
};

/** A Google API call that gave nothing: `status` is Google's HTTP status when it answered. */
export type GoogleFailure = { ok: false; error: string; status?: number };
/** One sheet of a spreadsheet, read with the Google account of `credentialsId`. */
export type SheetTarget = { credentialsId: string; spreadsheetId: string; sheetId?: string };
/** A sheet's cells as text, the header row first; `sheetTitle` addresses it in A1 ranges. */
export type SheetValues = { spreadsheetTitle: string; sheetTitle: string; rows: string[][] };
/** One cell to write: `row` and `column` count from 0 (row 0 is the header). */
export type SheetCell = { row: number; column: number; value: string };
/** Google Sheets API v4; the implementation refreshes and saves an expired token. */
export type GoogleSheetsPort = {
  read(target: SheetTarget, scope: IntegrationScope): Promise<({ ok: true } & SheetValues) | GoogleFailure>;
  /** Appends one row after the sheet's last (values as typed by a user: numbers, dates, formulas). */
  appendRow(
    target: SheetTarget & { sheetTitle: string },
    values: string[],
    scope: IntegrationScope,
  ): Promise<{ ok: true } | GoogleFailure>;
  updateCells(
    target: SheetTarget & { sheetTitle: string },
    cells: SheetCell[],
    scope: IntegrationScope,
  ): Promise<{ ok: true; updatedCells: number } | GoogleFailure>;
};
export type GmailMessage = {
  credentialsId: string;
  to: string[];
  subject?: string;
  /** Plain text. */
  body?: string;
  /** Files fetched through the address guard (each size-limited) and attached. */
  attachmentUrls?: string[];
  /** A label (its id, or its name: created when the account lacks it) added to the sent message. */
  label?: string;
  /** Sends the message as a reply in this thread. */
  threadId?: string;
  /** The sender's display form ("Ann <ann@gmail.com>"); Gmail keeps the account's address. */
  from?: string;
  replyTo?: string;
};
export type GmailPort = {
  send(
    message: GmailMessage,
    scope: IntegrationScope,
  ): Promise<{ ok: true; messageId: string; threadId: string } | GoogleFailure>;
};

/**
 * Zendesk's messaging widget, opened in the visitor's browser. The user token is signed here from the
 * workspace's secret, which never reaches the browser.
 */
export type ZendeskUser = { externalId: string; name?: string; email?: string };
export type ZendeskPort = {
  openWidget(
    request: { credentialsId: string; user?: ZendeskUser },
    scope: IntegrationScope,
  ): Promise<{ ok: true; widgetUrl: string; userToken?: string } | { ok: false; error: string }>;
};

export type EnginePorts = {
  clock: Clock;
  random: RandomSource;
  sandbox?: SandboxPort;
  http?: HttpPort;
  mailer?: MailerPort;
  chatCompletion?: ChatCompletionPort;
  ai?: AiPort;
  bots?: BotLoaderPort;
  zendesk?: ZendeskPort;
  nocodb?: NocoDbPort;
  segment?: SegmentPort;
  posthog?: PostHogPort;
  blink?: BlinkPort;
  googleSheets?: GoogleSheetsPort;
  gmail?: GmailPort;
  elevenlabs?: ElevenLabsPort;
  difyAi?: DifyPort;
  chatNode?: ChatNodePort;
  qrCode?: QrCodePort;
  knowledge?: KnowledgePort;
};
