import { ConfigError, parsePositive } from "./config-values.js";

/**
 * Limits on how much traffic one caller can make the server hold at once (issue 31 items 5, 9, 14;
 * docs/security.md "Limits"). Each must be positive: none can be turned off.
 */
export type TrafficLimits = {
  /** PARLEY_REQUEST_TIMEOUT_MS: a request (headers and body) must have arrived whole within this. */
  requestTimeoutMs: number;
  /** PARLEY_CONNECTION_IDLE_TIMEOUT_MS: a connection on which nothing moves either way for this long is closed. */
  connectionIdleTimeoutMs: number;
  /** Open `…/sessions/{id}/events` streams. */
  eventStreams: {
    /** PARLEY_EVENT_STREAMS_PER_ADDRESS: open streams of one client address; past it, 429. */
    perAddress: number;
    /** PARLEY_EVENT_STREAMS_TOTAL: open streams of the whole instance; past it, 429. */
    total: number;
    /** PARLEY_EVENT_STREAM_MAX_MS: a stream is ended after this long (the client reconnects if it still waits). */
    maxMs: number;
  };
  /** Messaging-app webhooks and the turns they start. */
  channels: {
    /** PARLEY_CHANNEL_MAX_MESSAGES_PER_REQUEST: messages one webhook call may carry; past it, 413. */
    messagesPerRequest: number;
    /** PARLEY_CHANNEL_TURNS_AT_ONCE: contact turns (answers and idle paths) running at once in this instance. */
    turnsAtOnce: number;
    /** PARLEY_CHANNEL_TURNS_PER_WORKSPACE: of those, how many one workspace's contacts may take. */
    turnsPerWorkspace: number;
    /** PARLEY_CHANNEL_IDLE_SENDS_WITHOUT_ANSWER: idle paths run in a row while the contact says nothing. */
    idleSendsWithoutAnswer: number;
  };
};

export function loadTrafficLimits(env: NodeJS.ProcessEnv): TrafficLimits {
  const positive = (name: string, fallback: number) => parsePositive(env[name], name, fallback);
  const whole = (name: string, fallback: number) => {
    const value = parsePositive(env[name], name, fallback);
    if (!Number.isInteger(value)) throw new ConfigError(`${name} must be a whole number, got "${env[name]}"`);
    return value;
  };
  return {
    requestTimeoutMs: positive("PARLEY_REQUEST_TIMEOUT_MS", 120_000),
    connectionIdleTimeoutMs: positive("PARLEY_CONNECTION_IDLE_TIMEOUT_MS", 60_000),
    eventStreams: {
      perAddress: whole("PARLEY_EVENT_STREAMS_PER_ADDRESS", 20),
      total: whole("PARLEY_EVENT_STREAMS_TOTAL", 500),
      maxMs: positive("PARLEY_EVENT_STREAM_MAX_MS", 10 * 60_000),
    },
    channels: {
      messagesPerRequest: whole("PARLEY_CHANNEL_MAX_MESSAGES_PER_REQUEST", 100),
      turnsAtOnce: whole("PARLEY_CHANNEL_TURNS_AT_ONCE", 8),
      turnsPerWorkspace: whole("PARLEY_CHANNEL_TURNS_PER_WORKSPACE", 4),
      idleSendsWithoutAnswer: whole("PARLEY_CHANNEL_IDLE_SENDS_WITHOUT_ANSWER", 3),
    },
  };
}
