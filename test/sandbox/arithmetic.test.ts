import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluateArithmetic } from "../../src/sandbox/arithmetic.js";
import { defaultSandboxLimits, QuickJsSandbox } from "../../src/sandbox/quickjs-sandbox.js";

// The same QuickJS code the pool's workers run, in-process.
const sandbox = new QuickJsSandbox({ ...defaultSandboxLimits, timeoutMs: 1000 });
beforeAll(() => sandbox.ready());

const globals: Record<string, unknown> = {
  vA: 3,
  vB: -0.5,
  vZero: 0,
  vNegZero: -0,
  vHuge: 1e308,
  vInt: 2147483647,
  vText: "7",
  vNaN: Number.NaN,
  vInf: Number.POSITIVE_INFINITY,
  vNull: null,
  vList: [1],
  fetch: 1,
};
const real = (code: string) => sandbox.run({ code, globals, kind: "expression" });

/** What the sandbox answers, when the fast path answers at all; `Object.is`, so that -0 is not 0. */
async function expectSameAsSandbox(code: string): Promise<number | undefined> {
  const fast = evaluateArithmetic(code, globals);
  if (fast === undefined) return undefined;
  const result = await real(code);
  expect(result, code).toMatchObject({ ok: true, setVariables: [] });
  const value = result.ok ? result.value : undefined;
  expect(Object.is(value, fast), `${code}: sandbox ${String(value)}, fast path ${String(fast)}`).toBe(true);
  return fast;
}

describe("plain arithmetic without the sandbox", () => {
  it.each([
    ["36 * 2", 72],
    ["1/0", Number.POSITIVE_INFINITY],
    ["-1/0", Number.NEGATIVE_INFINITY],
    ["0/0", Number.NaN],
    ["0.1+0.2", 0.30000000000000004],
    ["2**3**2", 512],
    ["(1+2)*3", 9],
    ["10 % 4", 2],
    ["-4 % 2", -0],
    ["0 * -1", -0],
    ["- -2", 2],
    ["+-2", -2],
    ["(-2) ** 2", 4],
    ["(-0) ** 3", -0],
    ["2 ** 53", 2 ** 53],
    ["(0/0) ** 0", 1],
    ["vA * 2 + vB", 5.5],
    ["vNegZero * 1", -0],
    ["vHuge * 10", Number.POSITIVE_INFINITY],
    ["vInt + 1", 2147483648],
    ["1.e3 + .5 + 5. + 2E-1", 1005.7],
    ["1e400", Number.POSITIVE_INFINITY],
    [" 1 +\n 2\t", 3],
  ])("%s is %s, as in the sandbox", async (code, expected) => {
    expect(Object.is(await expectSameAsSandbox(code), expected)).toBe(true);
  });

  it.each([
    ["-2 ** 2", /^SyntaxError: /],
    ["1--2", /^SyntaxError: /],
    ["1 +", /^SyntaxError: /],
    ["1e", /^SyntaxError: /],
    ["()", /^SyntaxError: /],
    ["2 ** -2 ** 2", /^SyntaxError: /],
    ["vMissing + 1", /^ReferenceError: /],
  ])("declines %s, which the sandbox rejects", async (code, error) => {
    expect(evaluateArithmetic(code, globals)).toBeUndefined();
    expect(await real(code)).toEqual({ ok: false, error: expect.stringMatching(error) });
  });

  it.each([
    '"a" + 1',
    "vText * 2",
    "vNaN + 1",
    "vInf - 1",
    "vNull + 1",
    "vList * 2",
    "fetch + 1",
    "arguments.length",
    "Math.PI * 2",
    "0x10 + 1",
    "012 + 1",
    "1_000 + 1",
    "10n + 1n",
    "1 // comment",
    "1 /* comment */ + 2",
    "\n1 + 2",
    "2 ** 0.5",
    "(-5) ** -4",
    "1.1 ** 2",
    "3 ** 40",
    `${"(".repeat(40)}1${")".repeat(40)}`,
    "",
  ])("leaves %j to the sandbox", (code) => {
    expect(evaluateArithmetic(code, globals)).toBeUndefined();
  });
});

// Generated expressions, deliberately written without the parentheses precedence would need, so
// that some are syntax errors (`-2 ** 2`, `1--2`): the fast path must then decline.
const literal = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000 }).map(String),
  fc.constantFrom(
    "0",
    "1",
    "2",
    "10",
    "65536",
    "2147483647",
    "2147483648",
    "4294967296",
    "9007199254740993",
    "1e308",
    "1e400",
    "5e-324",
    "012",
    "0x1f",
  ),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map(String),
  fc
    .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: -30, max: 30 }))
    .map(([a, b, e]) => `${a}.${b}e${e}`),
  fc.stringMatching(/^[0-9]{1,25}\.[0-9]{0,25}$/),
  fc.stringMatching(/^\.[0-9]{1,6}$/),
);
const leaf = fc.oneof(
  { weight: 4, arbitrary: literal },
  { weight: 1, arbitrary: fc.constantFrom(...Object.keys(globals), "vMissing") },
);
const space = fc.constantFrom("", "", " ", "  ", "\t", "\n");
const { expression } = fc.letrec<{ expression: string }>((tie) => ({
  expression: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc
      .tuple(tie("expression"), space, fc.constantFrom("+", "-", "*", "/", "%", "**"), space, tie("expression"))
      .map((parts) => parts.join("")),
    fc.tuple(fc.constantFrom("-", "+"), space, tie("expression")).map((parts) => parts.join("")),
    fc.tuple(space, tie("expression"), space).map(([a, inner, b]) => `(${a}${inner}${b})`),
  ),
}));

describe("the fast path and the sandbox agree", () => {
  it("on generated expressions, whenever the fast path answers", async () => {
    let answered = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(expression, async (code) => {
        runs++;
        if ((await expectSameAsSandbox(code)) !== undefined || evaluateArithmetic(code, globals) !== undefined)
          answered++;
      }),
      { numRuns: 3000 },
    );
    // Not a vacuous agreement: most generated expressions are plain arithmetic the fast path takes.
    expect(answered / runs).toBeGreaterThan(0.3);
  });
});
