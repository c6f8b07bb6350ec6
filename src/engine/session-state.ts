// The session's stored state is defined by its zod schema (src/schemas/session-state.ts); the engine
// works on the parsed value and only ever writes the current version.
export type {
  BlockPosition,
  ChatAppContact,
  FlowPoint,
  LinkFrame,
  SeparateResult,
  SessionAnswer,
  SessionState,
  TranscriptEntry,
} from "../schemas/session-state.js";
export { SESSION_STATE_VERSION as CURRENT_SESSION_STATE_VERSION } from "../schemas/session-state.js";
