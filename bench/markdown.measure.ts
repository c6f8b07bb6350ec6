// How long the Markdown reader takes on the hostile inputs of the rich-text tests (long runs of
// delimiters, brackets and backticks), against ordinary text of the same length in the same run. A
// parser that backtracks shows here as seconds instead of milliseconds. Prints a table; asserts nothing.
import { it } from "vitest";
import { markdownToRichText } from "../src/engine/rich-text/markdown-to-rich-text.js";
import { hostileMarkdown } from "../test/helpers/hostile-markdown.js";

const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function time(input: string): number {
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    markdownToRichText(input);
    runs.push(performance.now() - started);
  }
  return median(runs);
}

it("measures", () => {
  const rows = Object.entries(hostileMarkdown).map(([name, input]) => {
    const baseline = "Hello there, ".repeat(Math.ceil(input.length / 13)).slice(0, input.length);
    return { name, chars: input.length, ms: time(input), baselineMs: time(baseline) };
  });
  console.log(`markdownToRichText, median of ${RUNS} runs each`);
  console.log("input".padEnd(18), "chars".padStart(7), "ms".padStart(8), "plain text ms".padStart(14));
  for (const row of rows)
    console.log(
      row.name.padEnd(18),
      String(row.chars).padStart(7),
      row.ms.toFixed(1).padStart(8),
      row.baselineMs.toFixed(1).padStart(14),
    );
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  console.log(`all hostile inputs: ${total.toFixed(0)} ms (the limit the test used to assert was 3000 ms)`);
});
