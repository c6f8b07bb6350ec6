/**
 * Reads a value out of an HTTP response with a property path such as `data.user.name`,
 * `data.items[0].id`, `data["first name"]`, `data?.list?.[2]` or `statusCode`, without running any
 * code. Only own properties are read, so a path cannot reach prototypes. Any other JavaScript is
 * "unsupported" here; the caller may hand it to the sandbox.
 */
export type PathResult = { ok: true; value: unknown } | { ok: false; reason: "unsupported" | "unreadable" };

type Segment = { key: string | number; optional: boolean };

const IDENTIFIER = /^[A-Za-z_$][\w$]*/;
const FORBIDDEN_KEYS = new Set(["__proto__", "prototype", "constructor"]);

export function parsePath(path: string): { root: string; segments: Segment[] } | undefined {
  const text = path.trim();
  const root = text.match(IDENTIFIER)?.[0];
  if (!root) return undefined;
  const segments: Segment[] = [];
  let rest = text.slice(root.length);
  while (rest.length > 0) {
    const optional = rest.startsWith("?.");
    if (optional) rest = rest.slice(2);
    else if (rest.startsWith(".")) rest = rest.slice(1);
    else if (!rest.startsWith("[")) return undefined;
    if (rest.startsWith("[")) {
      const bracket = rest.match(/^\[\s*(?:(\d+)|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*\]/);
      if (!bracket) return undefined;
      const key = bracket[1] !== undefined ? Number(bracket[1]) : unescapeQuoted(bracket[2] ?? bracket[3] ?? "");
      segments.push({ key, optional });
      rest = rest.slice(bracket[0].length);
      continue;
    }
    const name = rest.match(IDENTIFIER)?.[0];
    if (!name) return undefined;
    segments.push({ key: name, optional });
    rest = rest.slice(name.length);
  }
  if (segments.some((segment) => typeof segment.key === "string" && FORBIDDEN_KEYS.has(segment.key))) return undefined;
  return { root, segments };
}

function unescapeQuoted(text: string): string {
  return text.replace(/\\(.)/g, "$1");
}

function readOwn(value: unknown, key: string | number): unknown {
  if (typeof value === "string")
    return key === "length" ? value.length : typeof key === "number" ? value[key] : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  if (Array.isArray(value) && key === "length") return value.length;
  return Object.hasOwn(value, key) ? (value as Record<string | number, unknown>)[key] : undefined;
}

/** Evaluates `path` against the named roots (`data`, `statusCode`), as JavaScript would. */
export function evaluatePath(path: string, roots: Record<string, unknown>): PathResult {
  const parsed = parsePath(path);
  if (!parsed || !Object.hasOwn(roots, parsed.root)) return { ok: false, reason: "unsupported" };
  let value = roots[parsed.root];
  for (const segment of parsed.segments) {
    if (value === null || value === undefined) {
      // `a?.b` on nothing is undefined; `a.b` on nothing is a TypeError in JavaScript.
      if (segment.optional) return { ok: true, value: undefined };
      return { ok: false, reason: "unreadable" };
    }
    value = readOwn(value, segment.key);
  }
  return { ok: true, value };
}
