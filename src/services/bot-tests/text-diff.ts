/**
 * Expected and received text, line by line: equal lines as they are, differing ones as `-` (expected)
 * and `+` (received), with a caret under the first character that differs when one line each differs.
 */
export function textDiff(expected: string, received: string): string {
  const want = expected.split("\n");
  const got = received.split("\n");
  const lines: string[] = [];
  for (let index = 0; index < Math.max(want.length, got.length); index++) {
    const a = want[index];
    const b = got[index];
    if (a === b) {
      lines.push(`  ${a}`);
      continue;
    }
    if (a !== undefined) lines.push(`- ${a}`);
    if (b !== undefined) lines.push(`+ ${b}`);
    if (a !== undefined && b !== undefined) {
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      lines.push(`  ${" ".repeat(at)}^`);
    }
  }
  return lines.join("\n");
}
