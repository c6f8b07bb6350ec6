import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import "../styles/inbox.css";
import { sessionStore } from "../auth/session";
import { listBots } from "../bots/bots-api";
import { canWrite } from "../bots/folders-api";
import { errorMessage } from "../lib/api";
import { useStore } from "../lib/store";
import { EmptyState, ErrorBanner } from "../ui/feedback";
import { switchWorkspace, workspaceStore } from "../workspaces/workspace-store";
import {
  type InboxChat,
  type InboxEvent,
  type InboxMessage,
  channelName,
  inboxOrder,
  isOpen,
  waitText,
} from "./inbox-api";
import { InboxChatPane } from "./inbox-chat";
import { useInboxStream } from "./use-inbox-stream";

/** The wait times shown move on this often (the list itself changes only through the stream). */
const CLOCK_MS = 30_000;

type Section = { title: string; chats: InboxChat[] };

/**
 * The workspace's chats with a person: waiting first (oldest first), then the signed-in operator's,
 * then the others open. Everything arrives through the Inbox's events stream: no reload, no polling.
 */
/** A link to one chat (the `chat.handoff` webhook's `inboxUrl`): `/inbox?workspace=…&chat=…`. */
function linkedChat(): { workspace: string; chat: string } | undefined {
  const search = new URLSearchParams(location.search);
  const workspace = search.get("workspace");
  const chat = search.get("chat");
  return workspace && chat ? { workspace, chat } : undefined;
}

export function InboxPage() {
  const workspaceId = useStore(workspaceStore, (state) => state.currentId);
  const workspaces = useStore(workspaceStore, (state) => state.workspaces);
  /** Opened once, in its own workspace (when the user is a member of it). */
  const linked = useRef(linkedChat());
  const session = useStore(sessionStore, (state) => state);
  const userId = session.status === "signed-in" ? session.user.id : undefined;
  const [chats, setChats] = useState<Map<string, InboxChat>>(new Map());
  const [selectedId, setSelectedId] = useState<string>();
  /** The chat open on the right, kept after it ends so the operator sees how it ended. */
  const [selected, setSelected] = useState<InboxChat>();
  const [botNames, setBotNames] = useState<Map<string, string>>(new Map());
  const [writable, setWritable] = useState(false);
  const [error, setError] = useState<string>();
  const [now, setNow] = useState(Date.now());
  const messageListeners = useRef(new Set<(handoffId: string, message: InboxMessage) => void>());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const link = linked.current;
    if (link && link.workspace !== workspaceId && workspaces.some((workspace) => workspace.id === link.workspace))
      switchWorkspace(link.workspace);
  }, [workspaceId, workspaces]);

  useEffect(() => {
    if (!workspaceId || !userId) return;
    setChats(new Map());
    const link = linked.current;
    setSelectedId(link?.workspace === workspaceId ? link.chat : undefined);
    if (link?.workspace === workspaceId) linked.current = undefined;
    Promise.all([listBots(workspaceId), canWrite(workspaceId, userId)])
      .then(([bots, mayWrite]) => {
        setBotNames(new Map(bots.map((bot) => [bot.id, bot.name])));
        setWritable(mayWrite);
      })
      .catch((failure) => setError(errorMessage(failure)));
  }, [workspaceId, userId]);

  const onEvent = useCallback((event: InboxEvent) => {
    if (event.event === "chats") setChats(new Map(event.data.chats.map((chat) => [chat.id, chat])));
    else if (event.event === "chat") {
      const { chat } = event.data;
      setChats((current) => {
        const next = new Map(current);
        if (isOpen(chat)) next.set(chat.id, chat);
        else next.delete(chat.id);
        return next;
      });
      setSelected((current) => (current?.id === chat.id ? chat : current));
    } else for (const listener of messageListeners.current) listener(event.data.handoffId, event.data.message);
  }, []);
  const streamState = useInboxStream(workspaceId, onEvent);

  useEffect(() => {
    const open = selectedId ? chats.get(selectedId) : undefined;
    if (open) setSelected(open);
  }, [chats, selectedId]);

  const sections = useMemo((): Section[] => {
    const ordered = inboxOrder([...chats.values()], userId);
    return [
      { title: "Waiting", chats: ordered.filter((chat) => chat.status === "waiting") },
      { title: "Mine", chats: ordered.filter((chat) => chat.status === "taken" && chat.operator?.userId === userId) },
      { title: "Open", chats: ordered.filter((chat) => chat.status === "taken" && chat.operator?.userId !== userId) },
    ];
  }, [chats, userId]);

  const onMessage = useCallback((listener: (handoffId: string, message: InboxMessage) => void) => {
    messageListeners.current.add(listener);
    return () => void messageListeners.current.delete(listener);
  }, []);

  return (
    <section className="inbox-page" aria-labelledby="inbox-title">
      <div className="page-header">
        <h1 id="inbox-title">Inbox</h1>
        <span className={`badge ${streamState === "live" ? "success" : "warning"}`} role="status">
          {streamState === "live" ? "Live" : streamState === "connecting" ? "Connecting…" : "Reconnecting…"}
        </span>
      </div>
      {!writable && streamState === "live" && (
        <p className="muted" data-testid="guest-note">
          You are a guest of this workspace: you can read its chats, not answer them.
        </p>
      )}
      <ErrorBanner error={error} />
      <div className="inbox-layout">
        <nav className="inbox-lists" aria-label="Chats">
          {chats.size === 0 && streamState === "live" && (
            <EmptyState title="No chat waits for a person">Chats a bot hands off appear here as they come.</EmptyState>
          )}
          {sections.map(
            (section) =>
              section.chats.length > 0 && (
                <div key={section.title}>
                  <h2>
                    {section.title} ({section.chats.length})
                  </h2>
                  <ul aria-label={section.title}>
                    {section.chats.map((chat) => (
                      <li key={chat.id}>
                        <button
                          type="button"
                          className="inbox-entry"
                          aria-pressed={chat.id === selectedId}
                          onClick={() => {
                            setSelectedId(chat.id);
                            setSelected(chat);
                          }}
                        >
                          <strong>{botNames.get(chat.botId) ?? "A bot"}</strong>
                          <span className="muted">
                            {channelName(chat.channel)} · {waitText(chat, now)}
                          </span>
                          {chat.teamNote && <span className="inbox-team-note">{chat.teamNote}</span>}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ),
          )}
        </nav>
        {selected ? (
          <InboxChatPane
            key={selected.id}
            workspaceId={workspaceId!}
            chat={selected}
            botName={botNames.get(selected.botId) ?? "A bot"}
            userId={userId}
            writable={writable}
            onMessage={onMessage}
          />
        ) : (
          <p className="muted inbox-hint">Choose a chat to read it.</p>
        )}
      </div>
    </section>
  );
}
