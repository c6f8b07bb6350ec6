import { beforeAll, describe, expect, it } from "vitest";
import type { SandboxPort } from "../../../src/engine/ports.js";
import { continueSession } from "../../../src/engine/continue-session.js";
import { startSession } from "../../../src/engine/start-session.js";
import { defaultSandboxLimits, QuickJsSandbox } from "../../../src/sandbox/index.js";
import { engineBot, fakePorts, group, text, texts } from "../../helpers/engine-bot.js";

const quickJs = new QuickJsSandbox({ ...defaultSandboxLimits, timeoutMs: 300 });
beforeAll(() => quickJs.ready());

/** A sandbox with no synchronous side: whatever inline code shows was evaluated ahead, through `run`. */
function asyncOnly(): SandboxPort & { runs: Parameters<SandboxPort["run"]>[0][] } {
  const runs: Parameters<SandboxPort["run"]>[0][] = [];
  return {
    runs,
    run: (request) => {
      runs.push(request);
      return quickJs.run(request);
    },
  };
}

const variables = [{ id: "vAge", name: "Age", value: "21" }];
async function show(blocks: unknown[], sandbox: SandboxPort) {
  const bot = engineBot({ variables, groups: [group("g1", blocks)] } as never);
  const turn = await startSession({ bot, mode: "preview" }, { ports: { ...fakePorts(), sandbox }, format: "richText" });
  return texts(turn.reply.messages);
}

describe("inline code evaluated ahead of its block", () => {
  it("evaluates each distinct {{= … =}} of a block once, through the sandbox's run, with the variables by id", async () => {
    const sandbox = asyncOnly();
    expect(
      await show([text("t", "{{= {{Age}} * 2 =}} and {{= {{Age}} * 2 =}}, {{= [1, 2].join('-') =}}")], sandbox),
    ).toEqual(["42 and 42, 1-2"]);
    expect(sandbox.runs).toEqual([
      { code: " vAge * 2 ", globals: { vAge: 21 }, kind: "inline" },
      { code: " [1, 2].join('-') ", globals: { vAge: 21 }, kind: "inline" },
    ]);
  });

  it("reads inline code as written when it awaits, fetches or fails", async () => {
    const codes = ["await 1", "Promise.resolve(1)", "fetch('https://example.com')", "(() => { for (;;) {} })()"];
    const shown = await show(
      codes.map((code, i) => text(`t${i}`, `${i}:{{= ${code} =}}`)),
      asyncOnly(),
    );
    expect(shown).toEqual(["0:await 1", "1:1", "2:fetch('https://example.com')", "3:(() => { for (;;) {} })()"]);
  });

  it("gives a Transcript the bubbles' inline values as shown: their code ran once, for the bubble", async () => {
    const sandbox = asyncOnly();
    const blocks = [
      text("a", "Twice {{= {{Age}} * 2 =}}"),
      text("b", "Loop {{= (() => { for (;;) {} })() =}}"),
      { id: "sv", type: "Set variable", options: { variableId: "vT", type: "Transcript" } },
    ];
    const bot = engineBot({
      variables: [...variables, { id: "vT", name: "T" }],
      groups: [group("g1", blocks)],
    } as never);
    const turn = await startSession(
      { bot, mode: "preview" },
      { ports: { ...fakePorts(), sandbox }, format: "richText" },
    );
    expect(texts(turn.reply.messages)).toEqual(["Twice 42", "Loop (() => { for (;;) {} })()"]);
    expect(turn.state.variables.find((variable) => variable.id === "vT")?.value).toBe(
      'Assistant: "Twice 42"\n\nAssistant: "Loop (() => { for (;;) {} })()"',
    );
    // The Transcript reads the bubbles as they were shown: nothing runs again for it.
    expect(sandbox.runs.map((run) => run.code)).toEqual([" vAge * 2 ", " (() => { for (;;) {} })() "]);
  });

  it("evaluates ahead, through run, the bubbles a session from before the record renders again", async () => {
    const sandbox = asyncOnly();
    const bot = engineBot({
      variables: [...variables, { id: "vX", name: "X" }, { id: "vT", name: "T" }],
      groups: [
        group("g1", [
          text("a", "Twice {{= {{Age}} * 2 =}}"),
          { id: "in", type: "text input", options: { variableId: "vX" } },
          { id: "sv", type: "Set variable", options: { variableId: "vT", type: "Transcript" } },
        ]),
      ],
    } as never);
    const options = { ports: { ...fakePorts(), sandbox }, format: "richText" as const };
    const start = await startSession({ bot, mode: "preview" }, options);
    // As a version-2 session is upgraded: its bubbles were not recorded, only where they stood.
    const upgraded = { ...start.state, transcript: [{ bubblesBefore: "in" }] };
    sandbox.runs.length = 0;
    const next = await continueSession(bot, upgraded, "ok", options);
    expect(next.state.variables.find((variable) => variable.id === "vT")?.value).toBe(
      'Assistant: "Twice 42"\n\nUser: "ok"',
    );
    expect(sandbox.runs.map((run) => run.code)).toEqual([" vAge * 2 "]);
  });

  it("leaves blocks without inline code alone", async () => {
    const sandbox = asyncOnly();
    expect(await show([text("t", "Age {{Age}}, {{ not code }}")], sandbox)).toEqual(["Age 21, "]);
    expect(sandbox.runs).toEqual([]);
  });
});
