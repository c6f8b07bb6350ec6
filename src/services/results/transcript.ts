import { saveAnswer } from "../../engine/answers.js";
import { finishTurn, type TurnOptions, type TurnResult } from "../../engine/chat-turn.js";
import { continueSession } from "../../engine/continue-session.js";
import type { EnginePorts } from "../../engine/ports.js";
import type { ReplyMessage } from "../../engine/replies/types.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import type { SessionState } from "../../engine/session-state.js";
import { startSession } from "../../engine/start-session.js";
import { walkFlow } from "../../engine/walk.js";
import { isInputBlock, type Block, type InputBlock } from "../../schemas/blocks/index.js";
import type { ChatBubble } from "../../schemas/chat.js";
import type { TranscriptMessage } from "../../schemas/result.js";
import type { AnswerRow, IdleLogRow } from "../../store/results-repository.js";
import { parseFileUrls, parseResultVariables } from "./result-view.js";
import { handOffMessages, type TranscriptHandOff } from "./handoff-view.js";
import { handOffResumeMessage } from "../../engine/blocks/logic/hand-off.js";

type ReplayedResult = { id: string; createdAt: string; variables: string };

/**
 * Same result, same transcript: time stands at the result's creation and randomness is seeded by its
 * id. Only read-only ports are passed on (linked bots): a replay must never call a webhook, send an
 * email or run code again, so those blocks log that they cannot run and change no variable.
 */
export function replayPorts(resultId: string, createdAt: string, bots?: EnginePorts["bots"]): EnginePorts {
  let seed = 2166136261;
  for (const char of resultId) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619) >>> 0;
  let ids = 0;
  const now = new Date(createdAt);
  return {
    ...(bots ? { bots } : {}),
    clock: { now: () => new Date(now) },
    random: {
      id: () => `${resultId}-replay-${ids++}`,
      // mulberry32
      number: () => {
        seed = (seed + 0x6d2b79f5) >>> 0;
        let t = seed;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      },
    },
  };
}

function botMessage(bubble: ChatBubble): TranscriptMessage | undefined {
  const content = bubble.content as { markdown?: unknown; url?: unknown };
  if (bubble.type === "text")
    return typeof content.markdown === "string" ? { role: "bot", type: "text", text: content.markdown } : undefined;
  if (typeof content.url !== "string" || content.url === "") return undefined;
  return { role: "bot", type: bubble.type, [bubble.type]: content.url };
}

function userMessage(answer: AnswerRow, block: Block | undefined): TranscriptMessage {
  const files = parseFileUrls(answer.attachedFileUrls);
  // A file input's answer already is its URLs; other inputs show attachments above the text.
  const text =
    files.length > 0 && block?.type !== "file input" ? `${files.join(", ")}\n\n${answer.content}` : answer.content;
  return { role: "user", type: "text", text };
}

/**
 * Variables no block of the flow writes can only have come from outside (prefilled or remembered):
 * they are given back before the replay so that messages and conditions read them as the visitor's
 * chat did. Variables the flow writes start empty and are set again by the replay.
 */
function outsideVariables(bot: RuntimeBot, stored: string): Record<string, unknown> {
  const written = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) {
        if (/variableid$/i.test(key) && typeof inner === "string") written.add(inner);
        else collect(inner);
      }
  };
  bot.document.groups.forEach((group) => {
    collect(group.blocks);
  });
  const prefilled: Record<string, unknown> = {};
  for (const variable of parseResultVariables(stored))
    if (!written.has(variable.id) && variable.value !== undefined && variable.value !== null)
      prefilled[variable.name] = variable.value;
  return prefilled;
}

/**
 * A stored answer was accepted when it was given; its formatted content may not parse the same way
 * again (a formatted date, a payment), so it is then taken as it is, following the matching item's
 * edge for choices.
 */
async function acceptStoredAnswer(
  bot: RuntimeBot,
  state: SessionState,
  block: InputBlock,
  answer: AnswerRow,
  options: TurnOptions,
): Promise<TurnResult> {
  const files = parseFileUrls(answer.attachedFileUrls);
  const reply: ReplyMessage = {
    type: "text",
    text: answer.content,
    ...(files.length ? { attachedFileUrls: files } : {}),
  };
  const parsed = await continueSession(bot, state, reply, options);
  if (parsed.newAnswers.length > 0) return parsed;
  const saved = saveAnswer(bot, state, block, answer.content, reply);
  const items =
    (block as { items?: { content?: string; value?: string; title?: string; outgoingEdgeId?: string }[] }).items ?? [];
  const itemEdge = items.find((item) =>
    [item.value, item.content, item.title].includes(answer.content),
  )?.outgoingEdgeId;
  const edgeId = itemEdge ?? block.outgoingEdgeId;
  const location = bot.blockById.get(block.id)!;
  const walk = await walkFlow(
    bot,
    saved.state,
    edgeId ? { edgeId } : { groupId: location.group.id, blockIndex: location.blockIndex + 1 },
    options,
  );
  return finishTurn(bot, saved.state, walk, { newAnswers: [saved.answer] });
}

/** A step of the visitor's side of the chat: an answer, or an input left unanswered past its idle timeout. */
type VisitorStep = { kind: "answer"; answer: AnswerRow } | { kind: "idle"; idle: IdleLogRow };

/**
 * Answers and idle timeouts in the order they happened. They come from different turns; should two
 * share a timestamp, the answer goes first (an idle path starts only after an input was shown).
 */
export function visitorSteps(
  answers: readonly (AnswerRow & { createdAt: string })[],
  idles: readonly IdleLogRow[],
): VisitorStep[] {
  const steps: (VisitorStep & { at: string; order: number })[] = [
    ...answers.map((answer, index) => ({ kind: "answer" as const, answer, at: answer.createdAt, order: index })),
    ...idles.map((idle, index) => ({ kind: "idle" as const, idle, at: idle.createdAt, order: answers.length + index })),
  ];
  steps.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order - b.order));
  return steps.map(({ at: _, order: __, ...step }) => step as VisitorStep);
}

const idleMessage = (idle: IdleLogRow): TranscriptMessage => ({ role: "user", type: "idle", text: idle.description });

/**
 * What the visitor saw and answered, in order, rebuilt by running the flow again on the version the
 * result ran on and feeding it the stored answers. Blocks the flow no longer reaches (an answer to
 * another input than the one waiting, as after a resumed chat) are followed where the answer was
 * given, so that every answer appears. Messages shown after the last answer are included. An input
 * left unanswered shows as "No answer within N s", followed by what its idle path said.
 */
export async function replayTranscript(
  bot: RuntimeBot,
  result: ReplayedResult,
  given: readonly (VisitorStep | AnswerRow)[],
  linkedBots?: EnginePorts["bots"],
  handOffs: readonly TranscriptHandOff[] = [],
): Promise<TranscriptMessage[]> {
  // A linked bot that kept its own result has its part of the chat in that result's transcript.
  const options: TurnOptions = {
    ports: replayPorts(result.id, result.createdAt, linkedBots),
    format: "markdown",
    skipLinksWithOwnResult: true,
  };
  const transcript: TranscriptMessage[] = [];
  const show = (turn: TurnResult) => {
    for (const bubble of turn.reply.messages) {
      const message = botMessage(bubble);
      if (message) transcript.push(message);
    }
  };
  // Plain answers (no idle timeout taken) are steps too.
  const steps = given.map((step): VisitorStep => ("kind" in step ? step : { kind: "answer", answer: step }));
  const queue = [...steps];
  const handOffQueue = [...handOffs];
  try {
    const start = await startSession(
      { bot, mode: "live", resultId: result.id, prefilledVariables: outsideVariables(bot, result.variables) },
      options,
    );
    show(start);
    let state = start.state;
    let budget = steps.length * 2 + handOffs.length + 50;
    while (budget-- > 0) {
      const waiting =
        state.status === "waiting" && state.currentBlockId ? bot.blockById.get(state.currentBlockId)?.block : undefined;
      if (waiting?.type === "hand off") {
        // A person had the chat here: what was said then, and the flow again if it was given back.
        const handOff = handOffQueue.shift();
        if (!handOff) break;
        transcript.push(...handOffMessages(handOff));
        const resumed = await replayHandOffEnd(bot, state, handOff, options);
        if (!resumed) break;
        show(resumed);
        state = resumed.state;
        continue;
      }
      if (queue.length === 0) break;
      if (waiting && !isInputBlock(waiting as Block)) {
        // An embed or a script waiting for the client: its signal is not stored, only that the chat went on.
        const turn = await continueSession(bot, state, undefined, options);
        show(turn);
        state = turn.state;
        continue;
      }
      const step = queue.shift()!;
      if (step.kind === "idle") {
        transcript.push(idleMessage(step.idle));
        const idled = await replayIdle(bot, state, step.idle.blockId, options);
        if (idled) {
          show(idled);
          state = idled.state;
        }
        continue;
      }
      const answer = step.answer;
      const block = bot.blockById.get(answer.blockId)?.block as Block | undefined;
      transcript.push(userMessage(answer, block));
      if (!block || !isInputBlock(block)) continue;
      if (state.currentBlockId !== block.id || state.status !== "waiting")
        state = { ...state, status: "waiting", currentBlockId: block.id };
      const turn = await acceptStoredAnswer(bot, state, block, answer, options);
      show(turn);
      state = turn.state;
    }
  } catch {
    // A version the engine cannot run any more still shows what the visitor answered.
  }
  for (const handOff of handOffQueue) transcript.push(...handOffMessages(handOff));
  for (const step of queue)
    transcript.push(
      step.kind === "idle"
        ? idleMessage(step.idle)
        : userMessage(step.answer, bot.blockById.get(step.answer.blockId)?.block as Block | undefined),
    );
  return transcript;
}

/**
 * The flow after a hand-off as it went on: down the no-operator exit, or the handed-back one. (The
 * group an operator chose is not stored: the next answer's block puts the replay where the chat went.)
 * Undefined while a person still has the chat, or once it was closed.
 */
async function replayHandOffEnd(
  bot: RuntimeBot,
  state: SessionState,
  handOff: TranscriptHandOff,
  options: TurnOptions,
): Promise<TurnResult | undefined> {
  const status = handOff.row.status;
  if (status !== "handed_back" && status !== "timed_out") return undefined;
  const resume = handOffResumeMessage(status === "timed_out" ? { handOff: "timeout" } : { handOff: "handedBack" });
  return continueSession(bot, state, resume, { ...options, resumesHandOff: true });
}

/**
 * The idle path taken again: the engine's own idle turn, with the deadline long past (the replay's
 * clock stands still). Undefined when this version of the flow has no idle path there any more.
 */
async function replayIdle(
  bot: RuntimeBot,
  state: SessionState,
  blockId: string,
  options: TurnOptions,
): Promise<TurnResult | undefined> {
  if (!bot.blockById.has(blockId)) return undefined;
  try {
    return await continueSession(
      bot,
      { ...state, status: "waiting", currentBlockId: blockId, idleDeadline: 0 },
      { type: "idle" },
      options,
    );
  } catch {
    return undefined;
  }
}
