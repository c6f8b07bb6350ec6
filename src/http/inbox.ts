import { apiRoutes } from "../schemas/api-routes.js";
import type { AppContext } from "../services/context.js";
import { endInboxChat, getInboxChat, listInbox, postInboxMessage, takeInboxChat } from "../services/inbox/inbox.js";
import { defineRoute } from "./route.js";
import { openInboxEvents } from "../services/inbox/inbox-events.js";
import { setInboxChatVariables } from "../services/inbox/inbox-variables.js";
import { eventStreamLimitsOf } from "./event-stream-limits.js";
import { closedController, sendEventStream } from "./webhook-calls.js";
import type { Readable } from "node:stream";
import { AppError } from "../errors.js";
import { storeOperatorFile } from "../services/inbox/inbox-files.js";
import { multipartBoundary, multipartFile } from "./multipart.js";

export function inboxRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.listInbox,
      handler: async ({ caller, params }) => ({ chats: await listInbox(ctx, caller!, params.workspaceId) }),
    }),
    defineRoute({
      ...apiRoutes.getInboxChat,
      handler: ({ caller, params }) => getInboxChat(ctx, caller!, params.workspaceId, params.handoffId),
    }),
    defineRoute({
      ...apiRoutes.takeInboxChat,
      handler: ({ caller, params }) => takeInboxChat(ctx, caller!, params.workspaceId, params.handoffId),
    }),
    defineRoute({
      ...apiRoutes.replyInboxChat,
      handler: async ({ caller, params, body }) => ({ message: await postInboxMessage(ctx, caller!, params, body) }),
    }),
    defineRoute({
      ...apiRoutes.noteInboxChat,
      handler: async ({ caller, params, body }) => ({
        message: await postInboxMessage(ctx, caller!, params, { text: body.text, note: true }),
      }),
    }),
    defineRoute({
      ...apiRoutes.handBackInboxChat,
      handler: ({ caller, params, body }) =>
        endInboxChat(ctx, caller!, params, { kind: "handBack", ...(body.groupId ? { groupId: body.groupId } : {}) }),
    }),
    defineRoute({
      ...apiRoutes.setInboxChatVariables,
      handler: ({ caller, params, body }) => setInboxChatVariables(ctx, caller!, params, body.variables),
    }),
    defineRoute({
      ...apiRoutes.inboxEvents,
      handler: async ({ caller, params, request, reply }) => {
        // Counted with the visitors' streams, from here until the response closes.
        const place = eventStreamLimitsOf(ctx).admit(request.ip);
        reply.raw.once("close", () => place.release());
        const closed = closedController(request, reply);
        const events = await openInboxEvents(ctx, caller!, params.workspaceId, closed.signal);
        return sendEventStream(
          reply,
          events,
          closed,
          eventStreamLimitsOf(ctx).expiring(() => closed.abort()),
        );
      },
    }),
    defineRoute({
      ...apiRoutes.closeInboxChat,
      handler: ({ caller, params }) => endInboxChat(ctx, caller!, params, { kind: "close" }),
    }),
  ];
}

/** An operator's file for the visitor: the body stays a stream (see streamedBodyRoutes in app.ts). */
export function inboxFileRoute(ctx: AppContext) {
  return defineRoute({
    ...apiRoutes.uploadInboxFile,
    handler: ({ caller, params, request }) => {
      const boundary = multipartBoundary(request.headers["content-type"]);
      if (!boundary) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data");
      return storeOperatorFile(ctx, caller!, params, {
        declaredBytes: Number(request.headers["content-length"]),
        open: () => multipartFile(request.body as Readable, boundary),
      });
    },
  });
}
