import fc from "fast-check";

/**
 * Generators for hostile requests: values of the wrong type, huge strings, deep nesting, unicode
 * edge cases, prototype-pollution keys, and mutations of valid bodies.
 */

export const nastyStrings = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "",
  " ",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x10",
  "9007199254740993",
  "../../etc/passwd",
  "..",
  "%",
  "%00",
  "%zz",
  "\u0000",
  "\uffff",
  "\ud800",
  "😀",
  "\u202e",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "{{Name}}",
  "{{={{Name}}=}}",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "' OR 1=1 --",
  "=cmd|' /C calc'!A0",
  "a".repeat(300),
  "é".repeat(5_000),
];

export const fuzzKey = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 8 }),
);

export const fuzzString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 20_000 }).map((n) => "x".repeat(n)) },
);

export const fuzzValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308),
    fuzzString,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fuzzKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Text bodies the JSON parser must refuse cleanly, or that try to reach Object.prototype through it. */
export const rawJsonBodies = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "}",
    '{"a":}',
    "[1,2",
    "nul",
    "tru",
    '"unterminated',
    '{"a":1,}',
    "\u0000",
    "NaN",
    "1e999999",
    '{"__proto__":{"polluted":true}}',
    '{"message":"x","__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"bot":{"__proto__":{"polluted":true},"name":"x"}}',
    '{"prefilledVariables":{"__proto__":{"polluted":true}}}',
    '{"a":1,"a":2}',
    "\ufeff{}",
  ),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `${'{"message":'.repeat(depth)}"x"${"}".repeat(depth)}`),
  fc
    .integer({ min: 1, max: 5_000 })
    .map((depth) => `{"prefilledVariables":{"v":${"[".repeat(depth)}${"]".repeat(depth)}}}`),
  // Around the parser's nesting limit (128): just below must work, just above must be refused cleanly.
  fc
    .tuple(fc.integer({ min: 110, max: 140 }), fc.constantFrom("prefilledVariables", "clientLogs", "bot", "message"))
    .map(([depth, where]) => {
      const deep = `${'{"a":'.repeat(depth - 3)}1${"}".repeat(depth - 3)}`;
      if (where === "clientLogs") return `{"clientLogs":[{"description":"d","details":${deep}}]}`;
      if (where === "bot") return `{"bot":{"name":"x","settings":${deep}}}`;
      if (where === "message") return `{"message":{"type":"text","text":"x","metadata":${deep}}}`;
      return `{"prefilledVariables":{"v":${deep}}}`;
    }),
);

/** Query values: mostly short, now and then long enough to pass the 16 KiB header limit. */
export const fuzzQueryValue = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.oneof(
      fc.constantFrom(...nastyStrings.slice(0, -2)),
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.string({ maxLength: 12 }),
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 20_000 }).map((n) => "x".repeat(n)) },
);

/** Sizes around the body limits (256 KiB for chat, 1 MiB by default, 2 MiB for bots). */
export const hugeBody = fc
  .constantFrom(200_000, 300_000, 1_100_000, 2_200_000)
  .map((size) => JSON.stringify({ message: "é".repeat(size / 2) }));

export const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "application/octet-stream",
  "application/json, text/plain",
);

type Json = unknown;

/** A valid body changed in one place: a field removed, retyped or renamed, a key added, or the whole replaced. */
export function mutate(sample: Json): fc.Arbitrary<Json> {
  const paths = collectPaths(sample);
  return fc.oneof(
    fc.constant(sample),
    fuzzValue,
    fc.tuple(fc.constantFrom(...paths), fuzzValue).map(([path, value]) => setAt(sample, path, value)),
    fc.constantFrom(...paths).map((path) => setAt(sample, path, undefined)),
    fc
      .tuple(fc.constantFrom(...paths), fuzzKey, fuzzValue)
      .map(([path, key, value]) => addKey(sample, path, key, value)),
    fc.constant([sample]),
  );
}

function collectPaths(value: Json, path: string[] = [], out: string[][] = [[]]): string[][] {
  if (value && typeof value === "object" && out.length < 200)
    for (const [key, child] of Object.entries(value)) {
      out.push([...path, key]);
      collectPaths(child, [...path, key], out);
    }
  return out;
}

function setAt(value: Json, path: string[], replacement: unknown): Json {
  if (path.length === 0) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  const [head, ...rest] = path;
  if (rest.length === 0 && replacement === undefined) delete copy[head];
  else copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

function addKey(value: Json, path: string[], key: string, added: unknown): Json {
  const target = path.reduce<any>((node, part) => node?.[part], value);
  if (!target || typeof target !== "object") return value;
  // defineProperty: an own "__proto__" key, as JSON.parse would make it.
  const copy = structuredClone(value) as any;
  const node = path.reduce<any>((current, part) => current[part], copy);
  Object.defineProperty(node, key, { value: added, enumerable: true, configurable: true, writable: true });
  return copy;
}
