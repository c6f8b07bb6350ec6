import type { RouteOutput } from "../../../shared/api-client.js";
import { api, postForm } from "../lib/api";

export type InboxChat = RouteOutput<"listInbox">["chats"][number];
export type InboxMessage = RouteOutput<"getInboxChat">["messages"][number];

/** What the Inbox's events stream (GET …/inbox/events) says; see src/services/inbox/inbox-events.ts. */
export type InboxEvent =
  | { event: "chats"; data: { chats: InboxChat[] } }
  | { event: "chat"; data: { chat: InboxChat } }
  | { event: "message"; data: { handoffId: string; message: InboxMessage } };

export const isOpen = (chat: InboxChat) => chat.status === "waiting" || chat.status === "taken";

/** Inbox order, as the server lists it: waiting (oldest first), then the caller's, then the others. */
export function inboxOrder(chats: readonly InboxChat[], userId: string | undefined): InboxChat[] {
  const rank = (chat: InboxChat) => (chat.status === "waiting" ? 0 : chat.operator?.userId === userId ? 1 : 2);
  return [...chats].sort(
    (a, b) => rank(a) - rank(b) || a.requestedAt.localeCompare(b.requestedAt) || a.id.localeCompare(b.id),
  );
}

/** The stream's address: same origin, so the sign-in cookie goes with it (EventSource sends no headers). */
export const inboxEventsUrl = (workspaceId: string) => api.url("inboxEvents", { params: { workspaceId } });

const CHANNELS: Record<string, string> = {
  web: "Web",
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  preview: "Preview",
};
export const channelName = (channel: string) => CHANNELS[channel] ?? channel;

/** "waiting 3 min", "with Ann for 12 min": how long the chat has been where it is. */
export function waitText(chat: InboxChat, now: number): string {
  const since = Date.parse(chat.takenAt ?? chat.requestedAt);
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  const span =
    minutes < 1
      ? "under a minute"
      : minutes < 60
        ? `${minutes} min`
        : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return chat.status === "waiting" ? `waiting ${span}` : `with ${chat.operator?.name ?? "someone"} for ${span}`;
}

/** Uploads a file for the visitor of a chat the operator has; its URL goes in the reply (fileUrl). */
export async function uploadInboxFile(workspaceId: string, handoffId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file, file.name);
  const url = api.url("uploadInboxFile", { params: { workspaceId, handoffId } });
  return (await postForm<RouteOutput<"uploadInboxFile">>(url, form)).fileUrl;
}
