import { SESSION_STATE_VERSION, type SessionState, sessionStateSchema } from "./session-state.js";

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored state that cannot be read: the server's own data is broken (a 500, logged), not the client's input. */
export class SessionStateError extends Error {
  override name = "SessionStateError";
}

/**
 * Reads a session row's `state` (JSON), bringing older versions to the current one once, so nothing
 * downstream branches on versions or falls back for fields an old version lacked.
 *
 * The current version gets a structural check of the fields every turn relies on, not a full zod
 * parse: only the server writes this JSON, from a state that was itself parsed, and this runs on every
 * turn (a full parse of a typical state costs several times the JSON.parse; see the report of issue 16).
 * An older version is upgraded and then parsed in full, once: it is written back as the current one.
 */
export function loadSessionState(json: string): SessionState {
  const stored: unknown = JSON.parse(json);
  if (!isRecord(stored)) throw new SessionStateError("Stored session state is not an object");
  if (stored.version === SESSION_STATE_VERSION) return checkCurrent(stored);
  if (stored.version === 1) {
    const parsed = sessionStateSchema.safeParse(upgradeV1(stored));
    if (parsed.success) return parsed.data;
    const first = parsed.error.issues[0];
    throw new SessionStateError(
      `Stored session state (version 1) is invalid at ${first?.path.join(".")}: ${first?.message}`,
    );
  }
  throw new SessionStateError(`Unknown session state version: ${JSON.stringify(stored.version)}`);
}

const STATUSES = new Set(["registered", "waiting", "completed"]);
const MODES = new Set(["live", "preview"]);

function checkCurrent(state: Json): SessionState {
  const broken =
    !STATUSES.has(state.status as string) ||
    !MODES.has(state.mode as string) ||
    typeof state.botId !== "string" ||
    !Array.isArray(state.variables) ||
    !Array.isArray(state.answers) ||
    typeof state.totalAnswers !== "number" ||
    typeof state.resultAnswers !== "number" ||
    (state.linkStack !== undefined && !Array.isArray(state.linkStack));
  if (broken) throw new SessionStateError("Stored session state is missing fields of its version");
  return state as SessionState;
}

/**
 * Version 1 left `resultAnswers` out in previews and in sessions stored before it existed; readers then
 * counted from `totalAnswers` (the chat's answers), and a frame kept aside without a result had none.
 */
function upgradeV1(state: Json): Json {
  const linkStack = Array.isArray(state.linkStack)
    ? state.linkStack.map((frame: unknown) =>
        isRecord(frame) && isRecord(frame.separate) && frame.separate.resultAnswers === undefined
          ? { ...frame, separate: { ...frame.separate, resultAnswers: 0 } }
          : frame,
      )
    : state.linkStack;
  return {
    ...state,
    version: SESSION_STATE_VERSION,
    resultAnswers: state.resultAnswers ?? state.totalAnswers,
    ...(linkStack === undefined ? {} : { linkStack }),
  };
}
