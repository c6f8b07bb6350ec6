import { AppError } from "../errors.js";
import type { ChatMessage } from "../schemas/chat.js";
import type { TurnOptions, TurnResult } from "./chat-turn.js";
import { runStartFlow } from "./continue-session.js";
import { touchedResults } from "./result-updates.js";
import { toReplyMessage } from "./reply-message.js";
import type { RuntimeBot } from "./runtime-bot.js";
import {
  CURRENT_SESSION_STATE_VERSION,
  type ChatAppContact,
  type SessionAnswer,
  type SessionState,
} from "./session-state.js";
import { deepSubstitute } from "./variables/substitute.js";
import { applyPrefilledVariables } from "./variables/update.js";
import type { VariableLike } from "./variables/types.js";
import type { WalkStart } from "./walk.js";
import { localizedSettings } from "./translations/localize.js";
import { startLocale } from "./translations/session-locale.js";

export type StartFrom = { type: "group"; groupId: string } | { type: "event"; eventId: string };

export type StartSessionInput = {
  bot: RuntimeBot;
  mode: "live" | "preview";
  /** The workspace whose bots a Bot link block may run (none: no links). */
  workspaceId?: string;
  resultId?: string;
  /**
   * Remember-user: values of the resumed result, copied into variables that have none, and how many
   * answers it already holds (new answers are numbered after them).
   */
  resumed?: {
    variables: readonly { name: string; value?: VariableLike["value"] }[];
    answers: SessionAnswer[];
    answerCount?: number;
  };
  prefilledVariables?: Record<string, unknown>;
  /** The start request's `Accept-Language` header: picks the bot's language when `locale` is not prefilled. */
  acceptLanguage?: string;
  startFrom?: StartFrom;
  message?: ChatMessage;
  isOnlyRegistering?: boolean;
  isProgressBarEnabled?: boolean;
  isStreamEnabled?: boolean;
  /** A chat held in a messaging app: its contact, for Set variable's channel values. */
  chatApp?: ChatAppContact;
};

export type StartResult = TurnResult & {
  theme: Record<string, unknown>;
  settings: Record<string, unknown>;
  /** The language the session speaks; unset when the bot speaks one language. */
  locale?: string;
};

function initialVariables(input: StartSessionInput): VariableLike[] {
  let variables: VariableLike[] = input.bot.document.variables.map((variable) => ({ ...variable }));
  if (input.resumed) {
    const byName = new Map(input.resumed.variables.map((variable) => [variable.name, variable.value]));
    variables = variables.map((variable) =>
      variable.value === undefined || variable.value === null
        ? { ...variable, value: byName.get(variable.name) ?? variable.value }
        : variable,
    );
  }
  return input.prefilledVariables ? applyPrefilledVariables(variables, input.prefilledVariables) : variables;
}

function startPoint(bot: RuntimeBot, startFrom: StartFrom | undefined): WalkStart & { fromStartEvent?: boolean } {
  if (startFrom?.type === "group") {
    if (!bot.groupById.has(startFrom.groupId)) throw new AppError("START_GROUP_NOT_FOUND", "Start group doesn't exist");
    return { groupId: startFrom.groupId, blockIndex: 0 };
  }
  if (startFrom?.type === "event") {
    const event = bot.document.events.find((candidate) => candidate.id === startFrom.eventId);
    if (!event) throw new AppError("START_EVENT_NOT_FOUND", "Start event doesn't exist");
    return { edgeId: event.outgoingEdgeId };
  }
  return { edgeId: undefined, fromStartEvent: true };
}

export async function startSession(input: StartSessionInput, options: TurnOptions): Promise<StartResult> {
  const { bot } = input;
  const start = startPoint(bot, input.startFrom);
  const themeSettings = (bot.document.theme as { general?: { progressBar?: { isEnabled?: boolean } } }).general
    ?.progressBar;
  const { locale, variables } = startLocale(bot, initialVariables(input), input);
  const state: SessionState = {
    version: CURRENT_SESSION_STATE_VERSION,
    status: input.isOnlyRegistering ? "registered" : "waiting",
    mode: input.mode,
    botId: bot.id,
    ...(input.resultId ? { resultId: input.resultId } : {}),
    resultAnswers: input.resultId ? (input.resumed?.answerCount ?? 0) : 0,
    ...(input.workspaceId ? { workspaceId: input.workspaceId } : {}),
    variables,
    ...(locale ? { locale } : {}),
    answers: input.resumed?.answers ?? [],
    transcript: [],
    totalAnswers: 0,
    isProgressBarEnabled: input.isProgressBarEnabled ?? Boolean(themeSettings?.isEnabled),
    ...(input.isStreamEnabled ? { isStreamEnabled: true } : {}),
    ...(input.chatApp ? { chatApp: input.chatApp } : {}),
  };
  // The theme is templated with the variables as they are before the first block runs.
  const theme = deepSubstitute(bot.document.theme as Record<string, unknown>, state.variables);
  const turn: TurnResult = input.isOnlyRegistering
    ? {
        state,
        reply: { messages: [] },
        newAnswers: [],
        results: touchedResults(state, state, bot, undefined, false),
        logs: [],
        effects: [],
        ended: false,
      }
    : await runStartFlow(bot, state, start, toReplyMessage(input.message), options);
  const settings = deepSubstitute(
    localizedSettings(bot, turn.state, bot.document.settings as Record<string, unknown>),
    turn.state.variables,
  );
  return { ...turn, theme, settings, ...(turn.state.locale ? { locale: turn.state.locale } : {}) };
}
