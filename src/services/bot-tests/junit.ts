import type { BotTestFileRun } from "./run-bot-tests.js";

const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** JUnit XML as CI systems read it: one suite per test file, one case per conversation. */
export function junitXml(
  runs: readonly BotTestFileRun[],
  describeFailure: (run: BotTestFileRun, index: number) => string,
) {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const total = runs.reduce((sum, run) => sum + run.conversations.length, 0);
  const failures = runs.reduce((sum, run) => sum + run.conversations.filter((c) => !c.passed).length, 0);
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const time = runs.reduce((sum, run) => sum + run.conversations.reduce((s, c) => s + c.durationMs, 0), 0);
  lines.push(`<testsuites name="parley test" tests="${total}" failures="${failures}" time="${seconds(time)}">`);
  for (const run of runs) {
    const failed = run.conversations.filter((c) => !c.passed).length;
    const suiteTime = run.conversations.reduce((s, c) => s + c.durationMs, 0);
    lines.push(
      `  <testsuite name="${escapeXml(run.file)}" tests="${run.conversations.length}" failures="${failed}" errors="0" time="${seconds(suiteTime)}">`,
    );
    run.conversations.forEach((conversation, index) => {
      const open = `    <testcase classname="${escapeXml(run.file)}" name="${escapeXml(conversation.name)}" time="${seconds(conversation.durationMs)}"`;
      if (conversation.passed) {
        lines.push(`${open}/>`);
        return;
      }
      const failure = conversation.failure!;
      lines.push(`${open}>`);
      lines.push(
        `      <failure message="${escapeXml(`${failure.step}: expected ${failure.expected}, got ${failure.got}`)}">${escapeXml(describeFailure(run, index))}</failure>`,
      );
      lines.push("    </testcase>");
    });
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>");
  return `${lines.join("\n")}\n`;
}
