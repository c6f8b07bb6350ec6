import { useEffect, useState } from "react";
import { api, errorMessage } from "../lib/api";
import type { Group, TranscriptMessage, Variable } from "../lib/types";
import { ErrorBanner } from "../ui/feedback";
import { type InboxChat, type InboxMessage, channelName, isOpen } from "./inbox-api";
import { InboxActions } from "./inbox-actions";

const ENDED: Record<string, string> = {
  handed_back: "Handed back to the bot",
  closed: "Closed",
  timed_out: "Nobody took it in time: the bot went on",
};

type Props = {
  workspaceId: string;
  chat: InboxChat;
  botName: string;
  userId: string | undefined;
  writable: boolean;
  onMessage(listener: (handoffId: string, message: InboxMessage) => void): () => void;
};

/** What the bot and the visitor said before the hand-off (the result's transcript), when the chat keeps a result. */
function BeforeHandOff({ transcript }: { transcript: TranscriptMessage[] }) {
  return (
    <>
      {transcript.map((entry, index) => (
        // The transcript is read once and never reordered.
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own
        <li key={index} className={`inbox-line ${entry.role === "bot" ? "bot" : "visitor"}`}>
          <span className="inbox-author">{entry.role === "bot" ? "Bot" : "Visitor"}</span>
          <span>{entry.text ?? entry.image ?? entry.video ?? entry.audio ?? entry.embed ?? ""}</span>
        </li>
      ))}
    </>
  );
}

/** One chat of the Inbox: the transcript so far, live, and what the operator may do with it. */
export function InboxChatPane({ workspaceId, chat, botName, userId, writable, onMessage }: Props) {
  const [messages, setMessages] = useState<InboxMessage[]>([]);
  const [transcript, setTranscript] = useState<TranscriptMessage[]>([]);
  const [bot, setBot] = useState<{ groups: Group[]; variables: Variable[] }>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const append = (incoming: InboxMessage[]) =>
      setMessages((current) => {
        const known = new Set(current.map((message) => message.id));
        const added = incoming.filter((message) => !known.has(message.id));
        return added.length ? [...current, ...added] : current;
      });
    // Listens before it reads: a message said in between comes either way, once.
    const stop = onMessage((handoffId, message) => {
      if (handoffId === chat.id) append([message]);
    });
    api
      .call("getInboxChat", { params: { workspaceId, handoffId: chat.id } })
      .then((answer) => append(answer.messages))
      .catch((failure) => setError(errorMessage(failure)));
    if (chat.resultId)
      api
        .call("getTranscript", { params: { botId: chat.botId, resultId: chat.resultId } })
        .then((answer) => setTranscript(answer.transcript))
        .catch(() => setTranscript([]));
    api
      .call("getBot", { params: { botId: chat.botId } })
      .then((answer) => setBot({ groups: answer.bot.groups, variables: answer.bot.variables }))
      .catch(() => setBot({ groups: [], variables: [] }));
    return stop;
  }, [workspaceId, chat.id, chat.botId, chat.resultId, onMessage]);

  const mine = chat.status === "taken" && chat.operator?.userId === userId;
  return (
    <article className="inbox-chat" aria-label={`Chat with ${botName}`}>
      <header className="inbox-chat-header">
        <h2>{botName}</h2>
        <span className="muted">
          {channelName(chat.channel)} ·{" "}
          {chat.status === "waiting"
            ? "Waiting for a person"
            : chat.status === "taken"
              ? `With ${mine ? "you" : (chat.operator?.name ?? "someone")}`
              : ENDED[chat.status]}
        </span>
      </header>
      {chat.teamNote && <p className="inbox-team-note">Team note: {chat.teamNote}</p>}
      <ErrorBanner error={error} />
      <ol className="inbox-transcript" aria-label="Transcript">
        <BeforeHandOff transcript={transcript} />
        {messages.map((message) => (
          <li key={message.id} className={`inbox-line ${message.author}`}>
            <span className="inbox-author">
              {message.author === "visitor"
                ? "Visitor"
                : message.author === "note"
                  ? `Note · ${message.authorName ?? ""}`
                  : (message.authorName ?? "Operator")}
            </span>
            <span>
              {message.text}
              {message.fileUrl && (
                <a href={message.fileUrl} target="_blank" rel="noreferrer noopener">
                  {message.text ? " (file)" : message.fileUrl}
                </a>
              )}
            </span>
          </li>
        ))}
      </ol>
      {isOpen(chat) && writable && (
        <InboxActions workspaceId={workspaceId} chat={chat} mine={mine} bot={bot} onError={setError} />
      )}
      {!isOpen(chat) && <p role="status">{ENDED[chat.status]}</p>}
    </article>
  );
}
