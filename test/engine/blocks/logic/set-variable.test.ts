import { beforeAll, describe, expect, it } from "vitest";
import { continueSession } from "../../../../src/engine/continue-session.js";
import type { SessionState } from "../../../../src/engine/session-state.js";
import { startSession } from "../../../../src/engine/start-session.js";
import { QuickJsSandbox, defaultSandboxLimits } from "../../../../src/sandbox/index.js";
import { edge, engineBot, fakePorts, group, text, texts } from "../../../helpers/engine-bot.js";

type Variable = { id: string; name: string; value?: string | (string | null)[] | null };

const sandbox = new QuickJsSandbox({ ...defaultSandboxLimits, timeoutMs: 500 });
beforeAll(() => sandbox.ready());

const ports = () => ({ ...fakePorts(), sandbox });
const makeBot = (variables: Variable[], groups: unknown[], edges?: unknown[]) =>
  engineBot({ variables, groups, ...(edges ? { edges } : {}) } as never);
const setVariable = (options: Record<string, unknown>, id = "sv") => ({ id, type: "Set variable", options });

/** Runs one group of blocks in a preview chat; gives the turn and the variables by name. */
async function run(
  blocks: unknown[],
  variables: Variable[],
  input: { mode?: "live" | "preview"; resultId?: string } = {},
) {
  const bot = makeBot(variables, [group("g1", blocks)]);
  const turn = await startSession(
    { bot, mode: input.mode ?? "preview", ...(input.resultId ? { resultId: input.resultId } : {}) },
    { ports: ports(), format: "richText" },
  );
  return { bot, turn, values: valuesOf(turn.state) };
}
const valuesOf = (state: SessionState) => Object.fromEntries(state.variables.map((v) => [v.name, v.value ?? null]));

describe("Custom values (sandbox)", () => {
  const age: Variable[] = [
    { id: "vAge", name: "Age", value: "21" },
    { id: "vDouble", name: "Double" },
  ];

  it("evaluates an expression with variables as type-guessed values and shows the result", async () => {
    const { turn, values } = await run(
      [setVariable({ variableId: "vDouble", expressionToEvaluate: "{{Age}} * 2" }), text("t", "Double: {{Double}}")],
      age,
    );
    expect(values.Double).toBe("42");
    expect(texts(turn.reply.messages)).toEqual(["Double: 42"]);
    expect(turn.logs).toEqual([]);
  });

  it("runs code with `return ` as a function body, awaits included", async () => {
    const code = "const base = await Promise.resolve({{Age}});\nreturn [base, base + 1]";
    expect(
      (await run([setVariable({ variableId: "vDouble", expressionToEvaluate: code, isCode: true })], age)).values
        .Double,
    ).toEqual(["21", "22"]);
  });

  it("copies a single {{variable}} as it is and keeps leading-zero numbers as text", async () => {
    const variables: Variable[] = [
      { id: "vList", name: "List", value: ["a", "b"] },
      { id: "vOut", name: "Out" },
    ];
    expect(
      (await run([setVariable({ variableId: "vOut", expressionToEvaluate: "{{List}}" })], variables)).values.Out,
    ).toEqual(["a", "b"]);
    expect((await run([setVariable({ variableId: "vOut", expressionToEvaluate: "0123" })], variables)).values.Out).toBe(
      "0123",
    );
    expect(
      (await run([setVariable({ variableId: "vOut", expressionToEvaluate: "0.5 * 2" })], variables)).values.Out,
    ).toBe("1");
  });

  it("falls back to the templated text when the expression is not code, without a log", async () => {
    const variables: Variable[] = [
      { id: "vName", name: "Name", value: "Ada" },
      { id: "vOut", name: "Out" },
    ];
    const { turn, values } = await run(
      [setVariable({ variableId: "vOut", expressionToEvaluate: "Hello {{Name}}" })],
      variables,
    );
    expect(values.Out).toBe("Hello Ada");
    expect(turn.logs).toEqual([]);
  });

  it("in code mode logs the error and saves it in the error variable", async () => {
    const variables: Variable[] = [
      { id: "vName", name: "Name", value: "Ada" },
      { id: "vOut", name: "Out" },
      { id: "vErr", name: "Err" },
    ];
    const block = setVariable({
      variableId: "vOut",
      expressionToEvaluate: "{{Name}}.shout()",
      isCode: true,
      saveErrorInVariableId: "vErr",
    });
    const { turn, values } = await run([block, text("t", "after")], variables);
    expect(values).toEqual({ Name: "Ada", Out: "Ada.shout()", Err: "TypeError: not a function" });
    expect(turn.logs).toEqual([
      { status: "error", description: "Error evaluating Set variable code", details: "TypeError: not a function" },
    ]);
    expect(texts(turn.reply.messages)).toEqual(["after"]);
  });

  it("ends an infinite loop with a timeout log and goes on", async () => {
    const variables: Variable[] = [{ id: "vOut", name: "Out" }];
    const { turn, values } = await run(
      [
        setVariable({ variableId: "vOut", expressionToEvaluate: "for (;;) {}\nreturn 1", isCode: true }),
        text("t", "still here"),
      ],
      variables,
    );
    expect(values.Out).toBe("for (;;) {}\nreturn 1");
    expect(turn.logs).toEqual([
      {
        status: "error",
        description: "Error evaluating Set variable code",
        details: "Timed out: the code ran for more than 500 ms",
      },
    ]);
    expect(texts(turn.reply.messages)).toEqual(["still here"]);
  });

  it("applies setVariable calls by name, the target variable winning", async () => {
    const variables: Variable[] = [
      { id: "vOut", name: "Out" },
      { id: "vOther", name: "Other" },
    ];
    const code = 'setVariable("Other", { n: 1 }); setVariable("Out", "lost"); setVariable("Nobody", 1); return "kept"';
    expect(
      (await run([setVariable({ variableId: "vOut", expressionToEvaluate: code, isCode: true })], variables)).values,
    ).toEqual({ Out: "kept", Other: '{"n":1}' });
  });

  it("empties the variable when there is no expression, and does nothing without a known variable", async () => {
    const variables: Variable[] = [{ id: "vOut", name: "Out", value: "old" }];
    expect((await run([setVariable({ variableId: "vOut" })], variables)).values.Out).toBeNull();
    expect(
      (
        await run(
          [
            setVariable({ expressionToEvaluate: "1" }),
            setVariable({ variableId: "nope", expressionToEvaluate: "1" }, "sv2"),
          ],
          variables,
        )
      ).values.Out,
    ).toBe("old");
  });

  it("logs that code cannot run when no sandbox is configured", async () => {
    const bot = makeBot(
      [{ id: "vOut", name: "Out" }],
      [group("g1", [setVariable({ variableId: "vOut", expressionToEvaluate: "1 + 1", isCode: true })])],
    );
    const turn = await startSession({ bot, mode: "preview" }, { ports: fakePorts(), format: "richText" });
    expect(valuesOf(turn.state).Out).toBe("1 + 1");
    expect(turn.logs[0]).toEqual({
      status: "error",
      description: "Error evaluating Set variable code",
      details: "No code sandbox is configured on this server",
    });
  });
});

describe("values computed in the visitor's browser", () => {
  const variables: Variable[] = [
    { id: "vAge", name: "Age", value: "21" },
    { id: "vOut", name: "Out" },
  ];

  it("asks the client for the device type and stores its answer", async () => {
    const { bot, turn } = await run(
      [text("t0", "Hi"), setVariable({ variableId: "vOut", type: "Device type" }), text("t1", "You use a {{Out}}")],
      variables,
    );
    expect(texts(turn.reply.messages)).toEqual(["Hi"]);
    expect(turn.reply.clientSideActions).toEqual([
      {
        type: "setVariable",
        setVariable: { scriptToExecute: { content: expect.stringContaining("navigator.userAgent"), args: [] } },
        expectsDedicatedReply: true,
        lastBubbleBlockId: "t0",
      },
    ]);
    const next = await continueSession(bot, turn.state, "mobile", { ports: ports(), format: "richText" });
    expect(valuesOf(next.state).Out).toBe("mobile");
    expect(texts(next.reply.messages)).toEqual(["You use a mobile"]);
  });

  it("asks the client for the moment of the day", async () => {
    const { turn } = await run([setVariable({ variableId: "vOut", type: "Moment of the day" })], variables);
    const action = turn.reply.clientSideActions?.[0] as unknown as {
      setVariable: { scriptToExecute: { content: string } };
    };
    expect(action.setVariable.scriptToExecute.content).toContain("getHours()");
  });

  it("sends Custom code marked for the client with variable ids and values, and stores the JSON answer", async () => {
    const { bot, turn } = await run(
      [
        setVariable({
          variableId: "vOut",
          expressionToEvaluate: "[{{Age}}, {{Age}} + 1]",
          isExecutedOnClient: true,
          isCode: true,
        }),
      ],
      variables,
    );
    expect(turn.reply.clientSideActions).toEqual([
      {
        type: "setVariable",
        setVariable: {
          scriptToExecute: { content: "[vAge, vAge + 1]", args: [{ id: "vAge", value: 21 }], isCode: true },
        },
        expectsDedicatedReply: true,
      },
    ]);
    const next = await continueSession(bot, turn.state, "[21,22]", { ports: ports(), format: "richText" });
    expect(valuesOf(next.state).Out).toEqual(["21", "22"]);
    const plain = await continueSession(bot, turn.state, "not json", { ports: ports(), format: "richText" });
    expect(valuesOf(plain.state).Out).toBe("not json");
  });
});

describe("other value kinds", () => {
  const day = (type: string, timeZone?: string) =>
    setVariable({ variableId: "vOut", type, ...(timeZone ? { timeZone } : {}) });
  const single: Variable[] = [
    { id: "vOut", name: "Out", value: "old" },
    { id: "vZone", name: "Zone", value: "America/New_York" },
  ];

  it("Empty, Environment name, Random ID and Result ID", async () => {
    expect((await run([setVariable({ variableId: "vOut", type: "Empty" })], single)).values.Out).toBeNull();
    expect((await run([setVariable({ variableId: "vOut", type: "Environment name" })], single)).values.Out).toBe("web");
    expect((await run([setVariable({ variableId: "vOut", type: "Random ID" })], single)).values.Out).toBe("id-1");
    expect(
      (await run([setVariable({ variableId: "vOut", type: "Result ID" })], single, { mode: "live", resultId: "r-42" }))
        .values.Out,
    ).toBe("r-42");
    expect((await run([setVariable({ variableId: "vOut", type: "Result ID" })], single)).values.Out).toBe("id-1");
  });

  it("Now, Yesterday, Tomorrow and Today from the clock port, with a (templated) time zone", async () => {
    const values = async (block: unknown) => (await run([block], single)).values.Out;
    expect(await values(day("Now"))).toBe("2026-01-15T10:00:00.000Z");
    expect(await values(day("Now", "Europe/Paris"))).toBe("2026-01-15T11:00:00+01:00");
    expect(await values(day("Yesterday", "{{Zone}}"))).toBe("2026-01-14T05:00:00-05:00");
    expect(await values(day("Tomorrow"))).toBe("2026-01-16T10:00:00.000Z");
    expect(await values(day("Today", "Europe/Paris"))).toBe("2026-01-15T10:00:00.000Z");
    const unknown = await run([day("Now", "Mars/Olympus")], single);
    expect(unknown.values.Out).toBe("2026-01-15T10:00:00.000Z");
    expect(unknown.turn.logs).toEqual([
      { status: "error", description: 'Unknown time zone "Mars/Olympus": the date was set in UTC' },
    ]);
  });

  it("Append value(s) to nothing, a single value and a list, with inline code in the item", async () => {
    const append = (value: Variable["value"]) =>
      run(
        [setVariable({ variableId: "vOut", type: "Append value(s)", item: "{{Zone}} {{= 1 + 1 =}}" })],
        [{ id: "vOut", name: "Out", value }, single[1]],
      );
    expect((await append(null)).values.Out).toEqual(["America/New_York 2"]);
    expect((await append("a")).values.Out).toEqual(["a", "America/New_York 2"]);
    expect((await append(["a", "b"])).values.Out).toEqual(["a", "b", "America/New_York 2"]);
  });

  it("Map item with same index", async () => {
    const variables = (item: string): Variable[] => [
      { id: "vItem", name: "Item", value: item },
      { id: "vNames", name: "Names", value: ["Ada", "Grace", "Linus"] },
      { id: "vIds", name: "Ids", value: ["1", "2", "3"] },
      { id: "vOut", name: "Out", value: "old" },
    ];
    const block = setVariable({
      variableId: "vOut",
      type: "Map item with same index",
      mapListItemParams: { baseItemVariableId: "vItem", baseListVariableId: "vNames", targetListVariableId: "vIds" },
    });
    expect((await run([block], variables("Grace"))).values.Out).toBe("2");
    expect((await run([block], variables("Nobody"))).values.Out).toBe("old");
  });

  it("Pop and Shift, saving the removed item", async () => {
    const variables = (value: Variable["value"]): Variable[] => [
      { id: "vList", name: "List", value },
      { id: "vItem", name: "Item" },
    ];
    const take = (type: string, value: Variable["value"]) =>
      run([setVariable({ variableId: "vList", type, saveItemInVariableId: "vItem" })], variables(value));
    expect((await take("Pop", ["a", "b", "c"])).values).toEqual({ List: ["a", "b"], Item: "c" });
    expect((await take("Shift", ["a", "b", "c"])).values).toEqual({ List: ["b", "c"], Item: "a" });
    expect((await take("Pop", "only")).values).toEqual({ List: [], Item: "only" });
    expect((await take("Shift", null)).values).toEqual({ List: null, Item: null });
  });

  it("leaves messaging-channel kinds alone on the web", async () => {
    for (const type of ["Phone number", "Contact name", "Referral Click ID", "Referral Source ID"])
      expect((await run([setVariable({ variableId: "vOut", type })], single)).values.Out).toBe("old");
  });

  it("Transcript: the questions before each answer, the answers, then the bubbles before the block", async () => {
    const variables: Variable[] = [
      { id: "vName", name: "Name" },
      { id: "vT", name: "T" },
    ];
    const bot = makeBot(
      variables,
      [
        group("g1", [
          text("q", "What is your name?"),
          { id: "name", type: "text input", options: { variableId: "vName" }, outgoingEdgeId: "e2" },
        ]),
        group("g2", [
          text("thanks", "Thanks {{Name}}"),
          setVariable({ variableId: "vT", type: "Transcript" }),
          text("show", "{{T}}"),
        ]),
      ],
      [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g1" } }, edge("e2", "g2")],
    );
    const start = await startSession({ bot, mode: "preview" }, { ports: ports(), format: "richText" });
    const next = await continueSession(bot, start.state, "Ada", { ports: ports(), format: "richText" });
    expect(valuesOf(next.state).T).toBe('Assistant: "What is your name?"\n\nUser: "Ada"\n\nAssistant: "Thanks Ada"');
  });
});

describe("Transcript through a loop", () => {
  it("holds every pass through a Jump loop, not only the last one", async () => {
    const variables: Variable[] = [
      { id: "vName", name: "Name" },
      { id: "vT", name: "T" },
    ];
    const bot = makeBot(
      variables,
      [
        group("g1", [
          text("q", "What is your name?"),
          { id: "name", type: "text input", options: { variableId: "vName" }, outgoingEdgeId: "e2" },
        ]),
        group("g2", [
          text("again", "Once more?"),
          {
            id: "choice",
            type: "choice input",
            items: [
              { id: "yes", content: "Yes", outgoingEdgeId: "e-loop" },
              { id: "no", content: "No" },
            ],
          },
          setVariable({ variableId: "vT", type: "Transcript" }),
        ]),
        group("g-loop", [{ id: "jump", type: "Jump", options: { groupId: "g1" } }]),
      ],
      [
        { id: "e-start", from: { eventId: "start" }, to: { groupId: "g1" } },
        edge("e2", "g2"),
        edge("e-loop", "g-loop"),
      ],
    );
    const options = { ports: ports(), format: "richText" as const };
    let { state } = await startSession({ bot, mode: "preview" }, options);
    for (const reply of ["Ada", "Yes", "Bob", "No"]) ({ state } = await continueSession(bot, state, reply, options));
    expect(valuesOf(state).T).toBe(
      [
        'Assistant: "What is your name?"',
        'User: "Ada"',
        'Assistant: "Once more?"',
        'User: "Yes"',
        'Assistant: "What is your name?"',
        'User: "Bob"',
        'Assistant: "Once more?"',
        'User: "No"',
      ].join("\n\n"),
    );
  });
});
