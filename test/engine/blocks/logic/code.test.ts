import { beforeAll, describe, expect, it } from "vitest";
import { startSession } from "../../../../src/engine/start-session.js";
import type { EnginePorts } from "../../../../src/engine/ports.js";
import { QuickJsSandbox, defaultSandboxLimits } from "../../../../src/sandbox/index.js";
import { engineBot, fakePorts, group, text, texts } from "../../../helpers/engine-bot.js";

const sandbox = new QuickJsSandbox({ ...defaultSandboxLimits, timeoutMs: 500 });
beforeAll(() => sandbox.ready());

const variables = [
  { id: "vName", name: "Name", value: "Ada" },
  { id: "vAge", name: "Age", value: "036" },
  { id: "vScore", name: "Score" },
];
const code = (options: Record<string, unknown>) => ({ id: "c", type: "Code", options });

async function run(blocks: unknown[], ports: EnginePorts = { ...fakePorts(), sandbox }) {
  const bot = engineBot({ variables, groups: [group("g1", blocks)] } as never);
  const turn = await startSession({ bot, mode: "preview" }, { ports, format: "richText" });
  return { turn, values: Object.fromEntries(turn.state.variables.map((v) => [v.name, v.value ?? null])) };
}

describe("Code on the client (default)", () => {
  it("sends the script with variable ids and type-guessed values, and goes on without waiting", async () => {
    const { turn } = await run([
      text("t0", "Hi"),
      code({ content: 'window.greet({{Name}}, {{Age}}, {{Name}}, "{{Missing}}")' }),
      text("t1", "after"),
    ]);
    expect(turn.reply.clientSideActions).toEqual([
      {
        type: "scriptToExecute",
        scriptToExecute: {
          content: 'window.greet(vName, vAge, vName, "")',
          args: [
            { id: "vName", value: "Ada" },
            { id: "vAge", value: "036" },
          ],
        },
        lastBubbleBlockId: "t0",
      },
    ]);
    expect(texts(turn.reply.messages)).toEqual(["Hi", "after"]);
    expect(turn.ended).toBe(true);
  });

  it("passes isUnsafe on, and does nothing without content", async () => {
    const unsafe = await run([code({ content: "alert(1)", isUnsafe: true })]);
    expect(unsafe.turn.reply.clientSideActions).toEqual([
      { type: "scriptToExecute", scriptToExecute: { content: "alert(1)", args: [], isUnsafe: true } },
    ]);
    const empty = await run([code({ content: "" }), text("t", "next")]);
    expect(empty.turn.reply.clientSideActions).toBeUndefined();
    expect(texts(empty.turn.reply.messages)).toEqual(["next"]);
  });
});

describe("Code on the server (sandbox)", () => {
  it("updates variables by name through setVariable, ignoring unknown names", async () => {
    const script =
      'const score = {{Name}}.length * 10;\nsetVariable("Score", score);\nsetVariable("Unknown", 1);\nawait null;\nsetVariable("Name", {{Name}}.toUpperCase());';
    const { turn, values } = await run([
      code({ content: script, isExecutedOnClient: false }),
      text("t", "{{Name}} scored {{Score}}"),
    ]);
    expect(values).toEqual({ Name: "ADA", Age: "036", Score: "30" });
    expect(texts(turn.reply.messages)).toEqual(["ADA scored 30"]);
    expect(turn.logs).toEqual([]);
    expect(turn.reply.clientSideActions).toBeUndefined();
  });

  it("does not add a return: every statement of a script runs", async () => {
    const { values } = await run([
      code({ content: 'setVariable("Score", 1)\nsetVariable("Name", "second")', isExecutedOnClient: false }),
    ]);
    expect(values).toMatchObject({ Score: "1", Name: "second" });
  });

  it("logs faults and goes on: host objects, infinite loops, thrown errors", async () => {
    const faults = [
      ["process.exit()", "ReferenceError: 'process' is not defined"],
      ['require("fs")', "ReferenceError: 'require' is not defined"],
      ["while (true) {}", "Timed out: the code ran for more than 500 ms"],
      ['throw new Error("boom")', "Error: boom"],
    ];
    for (const [content, description] of faults) {
      const { turn, values } = await run([
        code({ content: `setVariable("Score", 1);\n${content}`, isExecutedOnClient: false }),
        text("t", "after"),
      ]);
      expect(turn.logs).toEqual([{ status: "error", description }]);
      // A failing script changes nothing.
      expect(values.Score).toBeNull();
      expect(texts(turn.reply.messages)).toEqual(["after"]);
    }
  });

  it("logs that it cannot run without a sandbox", async () => {
    const { turn } = await run([code({ content: "1", isExecutedOnClient: false })], fakePorts());
    expect(turn.logs).toEqual([
      { status: "error", description: "Code cannot run on this server: no code sandbox is configured" },
    ]);
  });
});
