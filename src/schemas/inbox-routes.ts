import { z } from "zod";
import { idSchema } from "./common.js";
import { route, workspaceIdParams } from "./route-contract.js";

const tags = ["Inbox"] as const;

const inboxChatParams = z.object({ workspaceId: idSchema, handoffId: idSchema });

const inboxChatSchema = z
  .object({
    id: z.string(),
    sessionId: z.string(),
    resultId: z.string().nullable(),
    botId: z.string(),
    channel: z.string().meta({ description: '"web", "whatsapp", "telegram" or "preview"' }),
    status: z.enum(["waiting", "taken", "handed_back", "closed", "timed_out"]),
    teamNote: z.string().nullable(),
    operator: z.object({ userId: z.string(), name: z.string() }).nullable(),
    requestedAt: z.string(),
    takenAt: z.string().nullable(),
    firstReplyAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    timeoutAt: z.string().nullable(),
  })
  .meta({ id: "InboxChat" });

const inboxMessageSchema = z
  .object({
    id: z.string(),
    author: z.enum(["visitor", "operator", "note"]),
    authorName: z.string().nullable(),
    text: z.string().nullable(),
    fileUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "InboxMessage" });

const chatWithTranscript = z.object({ chat: inboxChatSchema, messages: z.array(inboxMessageSchema) });

export const inboxMessageInputSchema = z
  .object({
    text: z.string().min(1).max(10_000).optional(),
    fileUrl: z
      .url({ protocol: /^https?$/ })
      .max(4096)
      .optional(),
  })
  .refine((input) => input.text !== undefined || input.fileUrl !== undefined, {
    message: "Give a text or a file URL",
  });

/** A variable's value from an operator: a text, number, yes/no, a list of those, or null to empty it. */
const operatorVariableValue = z.union([
  z.string().max(100_000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()])).max(1000),
]);

export const inboxVariablesInputSchema = z.object({
  variables: z
    .record(z.string().min(1).max(255), operatorVariableValue)
    .refine((values) => Object.keys(values).length > 0, { message: "Give at least one variable" })
    .refine((values) => Object.keys(values).length <= 100, { message: "At most 100 variables at once" })
    .meta({ description: 'New values by variable name, e.g. `{ "Email": "ann@example.com" }`' }),
});

/** The operator side of human takeover (issue 34): ADMIN and MEMBER act, GUEST reads. */
export const inboxRouteContracts = {
  listInbox: route("listInbox", {
    summary: "List the workspace's chats with a person: waiting (oldest first), then the caller's, then the others",
    tags,
    auth: "token",
    params: workspaceIdParams,
    response: z.object({ chats: z.array(inboxChatSchema) }),
  }),
  getInboxChat: route("getInboxChat", {
    summary: "One chat of the Inbox with what was said while a person had it (notes included)",
    tags,
    auth: "token",
    params: inboxChatParams,
    response: chatWithTranscript,
  }),
  takeInboxChat: route("takeInboxChat", {
    summary: "Take a waiting chat (409 when another operator took it first)",
    tags,
    auth: "token",
    params: inboxChatParams,
    response: chatWithTranscript,
  }),
  replyInboxChat: route("replyInboxChat", {
    summary: "Send the visitor a message (text and/or a file URL) in a chat the caller took",
    tags,
    auth: "token",
    params: inboxChatParams,
    body: inboxMessageInputSchema,
    response: z.object({ message: inboxMessageSchema }),
  }),
  noteInboxChat: route("noteInboxChat", {
    summary: "Leave a note for the team on a chat (never shown to the visitor)",
    tags,
    auth: "token",
    params: inboxChatParams,
    body: z.object({ text: z.string().min(1).max(10_000) }),
    response: z.object({ message: inboxMessageSchema }),
  }),
  handBackInboxChat: route("handBackInboxChat", {
    summary: "Give the chat back to the flow: at groupId, else through the block's handed-back exit",
    tags,
    auth: "token",
    params: inboxChatParams,
    body: z.object({ groupId: idSchema.optional() }),
    response: z.object({ chat: inboxChatSchema }),
  }),
  setInboxChatVariables: route("setInboxChatVariables", {
    summary:
      "Set the chat's variables (by name) while the caller has it; the flow reads them after the hand back (400 for a name the bot lacks)",
    tags,
    auth: "token",
    params: inboxChatParams,
    body: inboxVariablesInputSchema,
    response: z.object({
      variables: z.array(
        z.object({ name: z.string(), value: z.union([z.string(), z.array(z.string().nullable()), z.null()]) }),
      ),
    }),
  }),
  uploadInboxFile: route("uploadInboxFile", {
    summary:
      "Upload a file for the visitor in a chat the caller took (one `file` part, the visitors' upload size limit, 413 over it); send its `fileUrl` as a reply",
    tags,
    auth: "token",
    params: inboxChatParams,
    rawBody: { contentType: "multipart/form-data", description: "One `file` part with its file name" },
    successStatus: 201,
    response: z.object({ fileUrl: z.string().meta({ description: "Where the visitor opens the file" }) }),
  }),
  inboxEvents: route("inboxEvents", {
    summary:
      "Server-sent events of the workspace's Inbox: `chats` (the open chats, on connect), then `chat` when one appears or changes (its last one when handed back, closed or timed out), `message` for each visitor message, reply and note, and `ping` heartbeats. GUEST may read it",
    tags,
    auth: "token",
    params: workspaceIdParams,
    response: z.string().meta({ description: "text/event-stream" }),
    responseContentType: "text/event-stream",
  }),
  closeInboxChat: route("closeInboxChat", {
    summary: "Close the chat: it leaves the Inbox and the flow does not go on",
    tags,
    auth: "token",
    params: inboxChatParams,
    response: z.object({ chat: inboxChatSchema }),
  }),
};
