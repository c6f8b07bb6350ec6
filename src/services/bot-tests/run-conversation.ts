import type { ChatInput } from "../../engine/blocks/executor.js";
import type { TurnResult } from "../../engine/chat-turn.js";
import { continueSession } from "../../engine/continue-session.js";
import type { BotLoaderPort, EnginePorts, MailMessage } from "../../engine/ports.js";
import { richTextToPlainText } from "../../engine/rich-text/plain-text.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import type { SessionState } from "../../engine/session-state.js";
import { startSession } from "../../engine/start-session.js";
import type { ChatBubble } from "../../schemas/chat.js";
import { textDiff } from "./text-diff.js";
import { testPorts, type FixtureRecord } from "./fixture-ports.js";
import { stepPattern, type BotTestConversation, type BotTestStep } from "./test-file.js";

/** One line of the conversation as it went, for failure output and the builder. */
export type TranscriptLine = {
  /** "log": an error the engine logged (a block that could not run), shown to explain what followed. */
  role: "bot" | "user" | "input" | "action" | "log";
  text: string;
  /** The block that said or asked it. */
  blockId?: string;
};

export type ConversationFailure = {
  /** 0-based index into `steps`; undefined for the start, `expect` and integration failures. */
  stepIndex?: number;
  /** The step as written (`bot: "Hello"`), or `start` / `expect.variables.Name` / `fixtures`. */
  step: string;
  expected: string;
  got: string;
  /** A readable line diff when both sides are text. */
  diff?: string;
  /** The block the failure is about, when there is one (the builder shows it there). */
  blockId?: string;
};

export type ConversationResult = {
  name: string;
  passed: boolean;
  durationMs: number;
  failure?: ConversationFailure;
  transcript: TranscriptLine[];
  /** E-mails the bot sent (captured, never delivered). */
  emails: MailMessage[];
};

export type ConversationOptions = {
  workspaceId?: string;
  /** Shared by the run's conversations; its fetch goes to `useHttp`'s current port. */
  sandbox?: EnginePorts["sandbox"];
  bots?: BotLoaderPort;
  /** Points the sandbox's fetch at this conversation's fixtures. */
  useHttp?: (http: NonNullable<EnginePorts["http"]>) => void;
  /** Checked before each turn: a stopped run takes no further step. */
  signal?: AbortSignal;
};

type Bubble = { text: string; blockId: string };

/** What the bot has said and asked since the visitor last answered, consumed by the steps. */
type Pending = { bubbles: Bubble[]; actions: { type: string; blockId?: string }[]; input?: ChatInput; ended: boolean };

class StepFailed extends Error {
  constructor(readonly failure: ConversationFailure) {
    super(failure.step);
  }
}

/** A bubble as a person reads it: text bubbles as plain text, media as their kind and URL. */
export function bubbleText(bubble: ChatBubble): string {
  const content = bubble.content as { richText?: unknown; markdown?: unknown; url?: unknown };
  if (bubble.type === "text") {
    if (Array.isArray(content.richText)) return richTextToPlainText(content.richText as never);
    return typeof content.markdown === "string" ? content.markdown : "";
  }
  return `[${bubble.type}]${typeof content.url === "string" ? ` ${content.url}` : ""}`;
}

/** The labels of an input's buttons, in order (choice, picture choice and cards). */
export function choiceLabels(input: ChatInput | undefined): string[] {
  return (input?.items ?? []).map((item) => {
    const label = item.content ?? item.title ?? item.value ?? "";
    return typeof label === "string" ? label : JSON.stringify(label);
  });
}

export function describeStep(step: BotTestStep): string {
  const [key, value] = Object.entries(step)[0];
  return `${key}: ${JSON.stringify(value)}`;
}

/** Stored values and YAML values compared as the author wrote them: `Age: 30` matches "30". */
function sameValue(expected: unknown, actual: unknown): boolean {
  if (expected === null) return actual === null || actual === undefined;
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((value, index) => sameValue(value, actual[index]))
    );
  if (actual === null || actual === undefined || typeof actual === "object") return false;
  return String(expected) === String(actual);
}

const shown = (value: unknown) => (value === undefined ? "(not set)" : JSON.stringify(value));

export async function runConversation(
  bot: RuntimeBot,
  conversation: BotTestConversation,
  options: ConversationOptions,
): Promise<ConversationResult> {
  const started = performance.now();
  const record: FixtureRecord = { emails: [] };
  const ports = testPorts(conversation.name, conversation.fixtures ?? { http: [], ai: [], knowledge: [] }, record, {
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.bots ? { bots: options.bots } : {}),
  });
  // biome-ignore lint/correctness/useHookAtTopLevel: `useHttp` is a callback option, not a React hook.
  options.useHttp?.(ports.http!);
  const transcript: TranscriptLine[] = [];
  const pending: Pending = { bubbles: [], actions: [], ended: false };
  let state: SessionState | undefined;

  const absorb = (turn: TurnResult, stepIndex: number | undefined, step: string) => {
    state = turn.state;
    pending.ended = turn.ended;
    pending.input = turn.reply.input;
    for (const bubble of turn.reply.messages) {
      const text = bubbleText(bubble);
      pending.bubbles.push({ text, blockId: bubble.id });
      transcript.push({ role: "bot", text, blockId: bubble.id });
    }
    for (const log of turn.logs) if (log.status === "error") transcript.push({ role: "log", text: log.description });
    // A visitor's chat sends its e-mails once the turn is saved; a test keeps them instead.
    for (const effect of turn.effects) if (effect.kind === "email") record.emails.push(effect.message);
    for (const action of turn.reply.clientSideActions ?? []) {
      pending.actions.push({ type: action.type, blockId: action.lastBubbleBlockId });
      transcript.push({ role: "action", text: action.type });
    }
    if (turn.reply.input) {
      const labels = choiceLabels(turn.reply.input);
      const text = `${turn.reply.input.type}${labels.length ? `: ${labels.join(" | ")}` : ""}`;
      transcript.push({ role: "input", text, blockId: turn.reply.input.id });
    }
    if (record.unanswered)
      throw new StepFailed({ stepIndex, step, expected: "a fixture for every request", got: record.unanswered });
  };

  const waitingFor = () =>
    pending.ended ? "the chat has ended" : pending.input ? `the bot waits for a ${pending.input.type}` : "nothing";

  const runStep = async (step: BotTestStep, stepIndex: number) => {
    const fail = (expected: string, got: string, extra: Partial<ConversationFailure> = {}): never => {
      throw new StepFailed({ stepIndex, step: describeStep(step), expected, got, ...extra });
    };
    if ("bot" in step) {
      const bubble = pending.bubbles.shift();
      if (!bubble) return fail(step.bot, `no more bot messages (${waitingFor()})`);
      const pattern = stepPattern(step.bot);
      const matches = pattern ? pattern.test(bubble.text) : bubble.text === step.bot;
      if (!matches)
        fail(step.bot, bubble.text, {
          blockId: bubble.blockId,
          ...(pattern ? {} : { diff: textDiff(step.bot, bubble.text) }),
        });
    } else if ("input" in step) {
      if (pending.input?.type !== step.input) fail(step.input, pending.input?.type ?? `no input (${waitingFor()})`);
    } else if ("choices" in step) {
      const labels = choiceLabels(pending.input);
      if (JSON.stringify(labels) !== JSON.stringify(step.choices))
        fail(JSON.stringify(step.choices), pending.input ? JSON.stringify(labels) : `no input (${waitingFor()})`, {
          blockId: pending.input?.id,
        });
    } else if ("action" in step) {
      const index = pending.actions.findIndex((action) => action.type === step.action);
      if (index < 0) {
        const sent = pending.actions.map((action) => action.type);
        fail(step.action, sent.length ? `only ${sent.join(", ")}` : "no client-side action");
      }
      pending.actions.splice(0, index + 1);
    } else {
      if (pending.ended) fail(`the bot to wait for a reply`, "the chat has ended");
      transcript.push({ role: "user", text: step.user });
      // What was shown and not checked is passed over: the visitor has seen it and answered.
      pending.bubbles = [];
      pending.actions = [];
      const turn = await continueSession(bot, state!, { type: "text", text: step.user }, { ports, format: "richText" });
      absorb(turn, stepIndex, describeStep(step));
    }
  };

  const checkExpectations = () => {
    const expected = conversation.expect;
    if (!expected) return;
    if (expected.completed !== undefined && expected.completed !== pending.ended)
      throw new StepFailed({
        step: "expect.completed",
        expected: expected.completed ? "the chat has ended" : "the chat goes on",
        got: pending.ended ? "the chat has ended" : waitingFor(),
      });
    const variables = new Map((state?.variables ?? []).map((variable) => [variable.name, variable.value]));
    for (const [name, value] of Object.entries(expected.variables ?? {})) {
      if (!variables.has(name))
        throw new StepFailed({ step: `expect.variables.${name}`, expected: shown(value), got: "no such variable" });
      const actual = variables.get(name);
      if (!sameValue(value, actual))
        throw new StepFailed({
          step: `expect.variables.${name}`,
          expected: shown(value),
          got: shown(actual),
          ...(typeof value === "string" && typeof actual === "string" ? { diff: textDiff(value, actual) } : {}),
        });
    }
  };

  let failure: ConversationFailure | undefined;
  let stepIndex: number | undefined;
  try {
    const turn = await startSession(
      {
        bot,
        // As a visitor's chat, so that e-mails are sent (captured): previews skip them.
        mode: "live",
        ...(options.workspaceId ? { workspaceId: options.workspaceId } : {}),
        ...(conversation.prefilled ? { prefilledVariables: conversation.prefilled } : {}),
      },
      { ports, format: "richText" },
    );
    absorb(turn, undefined, "start");
    for (const [index, step] of conversation.steps.entries()) {
      stepIndex = index;
      options.signal?.throwIfAborted();
      await runStep(step, index);
    }
    stepIndex = undefined;
    checkExpectations();
  } catch (error) {
    if (error instanceof StepFailed) failure = error.failure;
    else {
      // The engine refused the turn (a 4xx of the chat API): the step that caused it fails.
      const step = stepIndex === undefined ? "start" : describeStep(conversation.steps[stepIndex]);
      failure = { stepIndex, step, expected: "the bot to answer", got: `error: ${(error as Error).message}` };
    }
  }
  return {
    name: conversation.name,
    passed: failure === undefined,
    durationMs: Math.round(performance.now() - started),
    ...(failure ? { failure } : {}),
    transcript,
    emails: record.emails,
  };
}
