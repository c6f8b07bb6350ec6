import type { ExecutionContext } from "../../../../src/engine/blocks/executor.js";
import type { EnginePorts } from "../../../../src/engine/ports.js";
import type { RuntimeBot } from "../../../../src/engine/runtime-bot.js";
import type { SessionState } from "../../../../src/engine/session-state.js";
import type { VariableLike } from "../../../../src/engine/variables/types.js";
import { engineBot, fakePorts, group } from "../../../helpers/engine-bot.js";

/** A runtime bot from plain groups (the shared helper's parameter type rejects `unknown[]` groups). */
export const botOf = (document: { groups: unknown[]; variables?: VariableLike[]; edges?: unknown[] }): RuntimeBot =>
  engineBot(document as never);

/** An execution context for one executor call: a live chat by default, frozen to catch mutation. */
export function integrationContext(options: {
  variables?: VariableLike[];
  answers?: SessionState["answers"];
  mode?: "live" | "preview";
  ports?: Partial<EnginePorts>;
  state?: Partial<SessionState>;
  bot?: RuntimeBot;
}): ExecutionContext {
  const mode = options.mode ?? "live";
  const state: SessionState = {
    version: 3,
    status: "waiting",
    mode,
    botId: "bot-1",
    ...(mode === "live" ? { resultId: "result-1" } : {}),
    resultAnswers: 0,
    workspaceId: "ws-1",
    variables: options.variables ?? [],
    answers: options.answers ?? [],
    transcript: [],
    totalAnswers: 0,
    isProgressBarEnabled: false,
    ...options.state,
  };
  return {
    bot: options.bot ?? botOf({ groups: [group("g1", [])] }),
    state: deepFreeze(state),
    ports: { ...fakePorts(), ...options.ports },
    format: "richText",
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
