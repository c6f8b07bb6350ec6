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
  const storedVersion = stored.version;
  let state: Json = stored;
  while (state.version !== SESSION_STATE_VERSION) {
    const upgrade = typeof state.version === "number" ? upgrades[state.version] : undefined;
    if (!upgrade) throw new SessionStateError(`Unknown session state version: ${JSON.stringify(storedVersion)}`);
    state = upgrade(state);
  }
  const parsed = sessionStateSchema.safeParse(state);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new SessionStateError(
    `Stored session state (version ${storedVersion}) is invalid at ${first?.path.join(".")}: ${first?.message}`,
  );
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
    !Array.isArray(state.transcript) ||
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
    version: 2,
    resultAnswers: state.resultAnswers ?? state.totalAnswers,
    ...(linkStack === undefined ? {} : { linkStack }),
  };
}

/**
 * Version 2 kept the answers (`answerHistory`, else the latest per key in `answers`), not the messages
 * shown. Each answer becomes a user entry after a `bubblesBefore` mark for the bubbles its input
 * showed, and a session waiting on a block gets one for the bubbles before it: a Transcript renders
 * those from the bot, as it did before (bubbles of groups without an input stay unknown).
 */
function upgradeV2(state: Json): Json {
  const { answerHistory, ...rest } = state;
  const answers = (Array.isArray(answerHistory) ? answerHistory : Array.isArray(state.answers) ? state.answers : [])
    .filter(isRecord)
    .filter((answer) => typeof answer.blockId === "string" && typeof answer.value === "string");
  const transcript: unknown[] = answers.flatMap((answer) => [
    { bubblesBefore: answer.blockId },
    { role: "user", text: answer.value },
  ]);
  if (state.status === "waiting" && typeof state.currentBlockId === "string")
    transcript.push({ bubblesBefore: state.currentBlockId });
  return { ...rest, version: 3, transcript };
}

const upgrades: Record<number, (state: Json) => Json> = { 1: upgradeV1, 2: upgradeV2 };
