import { useEffect, useState } from "react";
import { errorMessage } from "../lib/api";
import { formatDateTime } from "../lib/format";
import { renderInlineMarkdown } from "../lib/inline-markdown";
import type { RanOn, Result, TranscriptMessage, TranscriptNote } from "../lib/types";
import { Dialog } from "../ui/dialog";
import { ErrorBanner, Spinner } from "../ui/feedback";
import { transcript } from "./results-api";
import { cellText, ranOnLabel, type Column } from "./results-columns";

/** How a hand-off went (joined, handed back, closed, nobody came): told as a line, not a bubble. */
const handOffEvents = new Set(["joined", "handedBack", "closed", "noOperator"]);

/** A visitor's silence (an idle timeout) and a hand-off's events are drawn apart from what was said. */
const messageClass = (message: TranscriptMessage) =>
  `transcript-message ${message.role}${message.type === "idle" ? " idle" : ""}${handOffEvents.has(message.type) ? " event" : ""}`;

const speaker = (message: TranscriptMessage) =>
  message.role === "bot" ? "Bot:" : message.role === "operator" ? `${message.name ?? "Operator"}:` : "Visitor:";

/** An image the bot showed; one that no longer loads (or never did) shows its address instead of an empty bubble. */
function TranscriptImage({ url }: { url: string }) {
  const [broken, setBroken] = useState(!url);
  if (broken)
    return (
      <span className="transcript-broken-image" data-testid="transcript-broken-image">
        Image that did not load: {url ? <a href={url}>{url}</a> : "no address"}
      </span>
    );
  return <img src={url} alt={url} onError={() => setBroken(true)} />;
}

/** A result in full: the conversation as the visitor had it, and every column's value. */
export function TranscriptDialog({
  botId,
  result,
  columns,
  onClose,
}: {
  botId: string;
  result: Result | undefined;
  columns: Column[];
  onClose(): void;
}) {
  const [messages, setMessages] = useState<TranscriptMessage[]>();
  const [notes, setNotes] = useState<TranscriptNote[]>([]);
  const [ranOn, setRanOn] = useState<RanOn>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setMessages(undefined);
    setNotes([]);
    setRanOn(undefined);
    setError(undefined);
    if (result)
      transcript(botId, result.id).then(
        (answer) => {
          setMessages(answer.transcript);
          setNotes(answer.notes);
          setRanOn(answer.ranOn);
        },
        (failure) => setError(errorMessage(failure)),
      );
  }, [botId, result]);
  return (
    <Dialog
      open={result !== undefined}
      title={result ? `Result of ${formatDateTime(result.createdAt)}` : ""}
      onClose={onClose}
      wide
    >
      {result && (
        <div className="transcript-layout">
          <section aria-labelledby="transcript-title">
            <h3 id="transcript-title">Conversation</h3>
            {ranOn && (
              <p className="muted" data-testid="transcript-version">
                Ran on: {ranOnLabel(ranOn)}
              </p>
            )}
            <ErrorBanner error={error} />
            {!messages && !error && <Spinner />}
            {messages && messages.length === 0 && <p className="muted">Nothing was said.</p>}
            {messages && (
              <ol className="transcript" data-testid="transcript">
                {messages.map((message, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a stored transcript never reorders; messages have no id.
                  <li key={index} className={messageClass(message)}>
                    {message.role === "operator" && message.type === "text" ? (
                      <span className="transcript-operator">{speaker(message)} </span>
                    ) : (
                      <span className="visually-hidden">{speaker(message)}</span>
                    )}
                    {message.type === "text" && renderInlineMarkdown(message.text ?? "")}
                    {message.type === "image" && <TranscriptImage url={message.image ?? ""} />}
                    {message.type === "video" && <a href={message.video}>Video</a>}
                    {message.type === "audio" && (
                      // biome-ignore lint/a11y/useMediaCaption: a visitor's recording comes without captions.
                      <audio controls src={message.audio} />
                    )}
                    {message.type === "embed" && <a href={message.embed}>Embedded page</a>}
                    {(message.type === "idle" || handOffEvents.has(message.type)) && (
                      <em className="transcript-idle">{message.text}</em>
                    )}
                  </li>
                ))}
              </ol>
            )}
            {notes.length > 0 && (
              <>
                <h4>Team notes</h4>
                <ul className="transcript-notes" data-testid="transcript-notes">
                  {notes.map((note, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: stored notes never reorder.
                    <li key={index}>
                      <strong>{note.name ?? "Operator"}:</strong> {note.text}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <section aria-labelledby="values-title">
            <h3 id="values-title">Values</h3>
            <dl className="result-values">
              {columns
                .filter((column) => column.kind !== "date")
                .map((column) => (
                  <div key={column.id}>
                    <dt>{column.label}</dt>
                    <dd>{cellText(result, column, ranOn) || "—"}</dd>
                  </div>
                ))}
            </dl>
          </section>
        </div>
      )}
    </Dialog>
  );
}
