import { useEffect, useRef, useState } from "react";
import type { InboxEvent } from "./inbox-api";
import { inboxEventsUrl } from "./inbox-api";

export type StreamState = "connecting" | "live" | "reconnecting";

const EVENTS = ["chats", "chat", "message"] as const;

/**
 * The workspace's Inbox events, live. EventSource reconnects by itself after a drop (the server sends
 * `retry`), and each connection starts with the whole list (`chats`), so nothing said meanwhile is missed.
 */
export function useInboxStream(workspaceId: string | undefined, onEvent: (event: InboxEvent) => void): StreamState {
  const [state, setState] = useState<StreamState>("connecting");
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!workspaceId) return;
    setState("connecting");
    const source = new EventSource(inboxEventsUrl(workspaceId), { withCredentials: true });
    for (const name of EVENTS)
      source.addEventListener(name, (message) => {
        setState("live");
        handler.current({ event: name, data: JSON.parse((message as MessageEvent<string>).data) } as InboxEvent);
      });
    source.addEventListener("error", () => setState("reconnecting"));
    return () => source.close();
  }, [workspaceId]);
  return state;
}
