import { z } from "zod";
import {
  clientLogsInputSchema,
  continueChatInputSchema,
  continueChatResponseSchema,
  previewStartChatInputSchema,
  startChatInputSchema,
  startChatResponseSchema,
} from "./chat.js";
import { idSchema, messageResponseSchema } from "./common.js";
import { botIdParams, route, sessionIdParams } from "./route-contract.js";

/** What an upload answers: the file's address, which the visitor's answer then carries. */
export const uploadedFileSchema = z.object({
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  url: z.string(),
});

const chat = ["Chat"] as const;

/** The chat API's routes: what visitors' clients (the chat page, the embed, the preview) call. */
export const chatRouteContracts = {
  startChat: route("startChat", {
    summary: "Start a public chat on a published bot",
    tags: chat,
    auth: "none",
    params: z.object({ publicId: idSchema }),
    body: startChatInputSchema,
    response: startChatResponseSchema,
  }),
  startPreviewChat: route("startPreviewChat", {
    summary:
      "Start a preview chat (the bot in the body, or the stored draft for a member); nothing is saved to results",
    tags: chat,
    auth: "optional",
    // A preview saves nothing: guests may try the bots they can read.
    access: "read",
    params: botIdParams,
    body: previewStartChatInputSchema,
    response: startChatResponseSchema,
  }),
  continueChat: route("continueChat", {
    summary: "Continue a chat with the visitor's next message",
    tags: chat,
    auth: "none",
    params: sessionIdParams,
    body: continueChatInputSchema,
    response: continueChatResponseSchema,
  }),
  saveClientLogs: route("saveClientLogs", {
    summary: "Save client-side logs on the session's result",
    tags: chat,
    auth: "none",
    params: sessionIdParams,
    body: clientLogsInputSchema,
    response: messageResponseSchema,
  }),
  streamMessage: route("streamMessage", {
    summary: "Stream, as plain text, the AI reply the session waits for (after a `stream` client action)",
    tags: chat,
    auth: "none",
    params: sessionIdParams,
    // Older clients send the messages to complete; the server rebuilds them from the session instead.
    body: z.object({ messages: z.array(z.unknown()).optional() }),
    response: z.string().meta({ description: "text/plain; the reply as it is produced" }),
    responseContentType: "text/plain",
  }),
  uploadFile: route("uploadFile", {
    summary:
      "Upload one file for the session's file input: the raw file as the body, its name in ?name=, its type in Content-Type",
    tags: chat,
    auth: "none",
    params: sessionIdParams,
    query: z.object({ name: z.string().meta({ description: "The file's name (its extension is checked)" }) }),
    rawBody: { contentType: "application/octet-stream", description: "The file's bytes" },
    response: uploadedFileSchema,
  }),
  sessionEvents: route("sessionEvents", {
    summary:
      "Server-sent events of a chat waiting at a wait-for-webhook block: `waiting` heartbeats, then `reply` (continueChat's answer) once the block's webhook is called, or `gone`",
    tags: chat,
    auth: "none",
    params: sessionIdParams,
    query: z.object({
      blockId: idSchema.meta({
        description: "The block the client listens at (its listenForWebhook action's `blockId`)",
      }),
    }),
    response: z.string().meta({ description: "text/event-stream" }),
    responseContentType: "text/event-stream",
  }),
};
