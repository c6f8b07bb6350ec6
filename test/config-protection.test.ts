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
  ])("names %s when its value %s is wrong", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(message));
  });
});
