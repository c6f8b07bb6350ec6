import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";

describe("protection settings in the environment", () => {
  it("has defaults: 60 starts and 600 messages per address, 120 messages per session, 20 s turns, 100 sessions per result", () => {
    expect(loadConfig({}).protection).toEqual({
      rateLimits: { startPerIp: 60, continuePerSession: 120, continuePerIp: 600 },
      redisUrl: undefined,
      redisPrefix: "parley:",
      trustProxy: false,
      chatTurnTimeoutMs: 20_000,
      maxSessionsPerResult: 100,
      botTestRunsPerMinute: 10,
      botTestRunConcurrency: 2,
      botTestRunTimeoutMs: 60_000,
      passwordHashCost: 32768,
    });
  });

  it("reads every variable, 0 turning a limit off", () => {
    const protection = loadConfig({
      PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
      PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "10",
      PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "20",
      REDIS_URL: "redis://:secret@127.0.0.1:6380/2",
      PARLEY_REDIS_PREFIX: "site-a:",
      PARLEY_TRUST_PROXY: "10.0.0.1, 10.0.0.0/8",
      PARLEY_CHAT_TURN_TIMEOUT_MS: "0",
      PARLEY_MAX_SESSIONS_PER_RESULT: "5",
      PARLEY_RATE_LIMIT_BOT_TEST_RUNS_PER_MINUTE: "0",
      PARLEY_BOT_TEST_RUN_CONCURRENCY: "4",
      PARLEY_BOT_TEST_RUN_TIMEOUT_MS: "5000",
      PARLEY_PASSWORD_HASH_COST: "1024",
    }).protection;
    expect(protection).toEqual({
      rateLimits: { startPerIp: 0, continuePerSession: 10, continuePerIp: 20 },
      redisUrl: "redis://:secret@127.0.0.1:6380/2",
      redisPrefix: "site-a:",
      trustProxy: ["10.0.0.1", "10.0.0.0/8"],
      chatTurnTimeoutMs: 0,
      maxSessionsPerResult: 5,
      botTestRunsPerMinute: 0,
      botTestRunConcurrency: 4,
      botTestRunTimeoutMs: 5000,
      passwordHashCost: 1024,
    });
    expect(loadConfig({ PARLEY_TRUST_PROXY: "on" }).protection.trustProxy).toBe(true);
    expect(loadConfig({ PARLEY_TRUST_PROXY: "2" }).protection.trustProxy).toBe(2);
  });

  it.each([
    [
      "PARLEY_RATE_LIMIT_START_PER_MINUTE",
      "-1",
      'PARLEY_RATE_LIMIT_START_PER_MINUTE must be a whole number (0 turns it off), got "-1"',
    ],
    [
      "PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE",
      "ten",
      'PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE must be a whole number (0 turns it off), got "ten"',
    ],
    [
      "PARLEY_CHAT_TURN_TIMEOUT_MS",
      "1.5",
      'PARLEY_CHAT_TURN_TIMEOUT_MS must be a whole number (0 turns it off), got "1.5"',
    ],
    [
      "REDIS_URL",
      "http://user:pw@cache:6379",
      'REDIS_URL must look like redis://host:6379 (or rediss:// for TLS), got "http://user:***@cache:6379"',
    ],
    [
      "PARLEY_TRUST_PROXY",
      "maybe",
      'PARLEY_TRUST_PROXY must be "on", "off", a number of proxy hops or comma-separated proxy addresses, got "maybe"',
    ],
    [
      "PARLEY_PASSWORD_HASH_COST",
      "1000",
      'PARLEY_PASSWORD_HASH_COST must be a power of two from 1024 to 1048576, got "1000"',
    ],
    [
      "PARLEY_PASSWORD_HASH_COST",
      "512",
      'PARLEY_PASSWORD_HASH_COST must be a power of two from 1024 to 1048576, got "512"',
    ],
  ])("names %s when its value %s is wrong", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(message));
  });
});

describe("traffic limits in the environment (issue 31)", () => {
  it("has defaults and reads every variable", () => {
    expect(loadConfig({}).traffic).toEqual({
      requestTimeoutMs: 120_000,
      connectionIdleTimeoutMs: 60_000,
      eventStreams: { perAddress: 20, total: 500, maxMs: 600_000 },
      channels: { messagesPerRequest: 100, turnsAtOnce: 8, turnsPerWorkspace: 4, idleSendsWithoutAnswer: 3 },
    });
    const traffic = loadConfig({
      PARLEY_REQUEST_TIMEOUT_MS: "5000",
      PARLEY_CONNECTION_IDLE_TIMEOUT_MS: "7000",
      PARLEY_EVENT_STREAMS_PER_ADDRESS: "2",
      PARLEY_EVENT_STREAMS_TOTAL: "50",
      PARLEY_EVENT_STREAM_MAX_MS: "60000",
      PARLEY_CHANNEL_MAX_MESSAGES_PER_REQUEST: "10",
      PARLEY_CHANNEL_TURNS_AT_ONCE: "2",
      PARLEY_CHANNEL_TURNS_PER_WORKSPACE: "1",
      PARLEY_CHANNEL_IDLE_SENDS_WITHOUT_ANSWER: "1",
    }).traffic;
    expect(traffic).toEqual({
      requestTimeoutMs: 5000,
      connectionIdleTimeoutMs: 7000,
      eventStreams: { perAddress: 2, total: 50, maxMs: 60_000 },
      channels: { messagesPerRequest: 10, turnsAtOnce: 2, turnsPerWorkspace: 1, idleSendsWithoutAnswer: 1 },
    });
  });

  it("refuses values that would turn a limit off or are not whole counts", () => {
    expect(() => loadConfig({ PARLEY_CHANNEL_TURNS_AT_ONCE: "0" })).toThrow(
      new ConfigError('PARLEY_CHANNEL_TURNS_AT_ONCE must be a positive number, got "0"'),
    );
    expect(() => loadConfig({ PARLEY_EVENT_STREAMS_PER_ADDRESS: "2.5" })).toThrow(
      new ConfigError('PARLEY_EVENT_STREAMS_PER_ADDRESS must be a whole number, got "2.5"'),
    );
    expect(() => loadConfig({ PARLEY_REQUEST_TIMEOUT_MS: "soon" })).toThrow(ConfigError);
  });
});
