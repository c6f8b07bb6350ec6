import type { Block } from "../schemas/blocks/index.js";
import type { ChatBubble } from "../schemas/chat.js";
import type { ExecutionContext } from "./blocks/executor.js";
import { templateText, inlineEvaluator } from "./blocks/inline-code.js";
import { richTextToPlainText } from "./rich-text/plain-text.js";
import { substituteRichText } from "./rich-text/substitute-rich-text.js";
import type { RichTextElement, RichTextNode } from "./rich-text/types.js";
import type { SessionState, TranscriptEntry } from "./session-state.js";

/**
 * The session's record of what the visitor saw (`state.transcript`), written as the chat goes: each
 * bubble when the walk shows it, each answer when it is saved. A Transcript reads it back, so old
 * messages keep the values they were shown with, whatever ran since.
 */

/** The record stays within these bounds (entries, then characters); the oldest entries go first. */
export const TRANSCRIPT_MAX_ENTRIES = 500;
export const TRANSCRIPT_MAX_CHARS = 100_000;

const lengthOf = (entry: TranscriptEntry) => ("text" in entry ? entry.text.length : 0);

/**
 * The record with one more message. The newest is always kept, cut to the character bound when it is
 * longer on its own (a bubble showing a huge variable); older ones go first past either bound.
 */
export function appendTranscript(
  transcript: readonly TranscriptEntry[],
  role: "bot" | "user",
  text: string,
): TranscriptEntry[] {
  const entry = { role, text: text.length > TRANSCRIPT_MAX_CHARS ? text.slice(0, TRANSCRIPT_MAX_CHARS) : text };
  const next = [...transcript.slice(-(TRANSCRIPT_MAX_ENTRIES - 1)), entry];
  let chars = next.reduce((sum, item) => sum + lengthOf(item), 0);
  let first = 0;
  while (chars > TRANSCRIPT_MAX_CHARS && first < next.length - 1) chars -= lengthOf(next[first++]);
  return first > 0 ? next.slice(first) : next;
}

/** The state with the message recorded; an empty text (a bubble without content) records nothing. */
export function recordShown(state: SessionState, role: "bot" | "user", text: string | undefined): SessionState {
  return text ? { ...state, transcript: appendTranscript(state.transcript, role, text) } : state;
}

/**
 * A bubble as the transcript tells it: a text bubble's text (one line per paragraph, marks dropped), a
 * media bubble's URL; embeds are left out. The text is rendered from the block with the context's
 * values, so it is the same whatever format the reply is sent in.
 */
export function bubbleTranscriptText(
  block: Block,
  ctx: Pick<ExecutionContext, "state" | "inlineValues">,
): string | undefined {
  if (block.type === "text") {
    const richText = (block.content?.richText ?? []) as RichTextElement[];
    const filled = substituteRichText(richText, ctx.state.variables, { evaluateInline: inlineEvaluator(ctx) });
    return richTextToPlainText(filled as RichTextNode[]) || undefined;
  }
  if (block.type === "image" || block.type === "video" || block.type === "audio") {
    const url = (block.content as { url?: string } | undefined)?.url;
    return url ? templateText(url, ctx) : undefined;
  }
  return undefined;
}

/** The state with a bubble the walk just sent recorded; the text bubble's text is read from what was sent. */
export function recordBubble(
  state: SessionState,
  bubble: ChatBubble,
  block: Block,
  ctx: Pick<ExecutionContext, "state" | "inlineValues">,
): SessionState {
  const content = bubble.content as { richText?: unknown; url?: unknown };
  // Sent as rich text: its text is already filled in; only a markdown reply needs the block again.
  if (bubble.type === "text" && Array.isArray(content.richText))
    return recordShown(state, "bot", richTextToPlainText(content.richText as RichTextNode[]));
  if (bubble.type === "image" || bubble.type === "video" || bubble.type === "audio")
    return recordShown(state, "bot", typeof content.url === "string" ? content.url : undefined);
  return recordShown(state, "bot", bubbleTranscriptText(block, ctx));
}
