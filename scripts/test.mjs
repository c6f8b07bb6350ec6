// `npm test`: the linter, then the type checks and the suite side by side. The suite spends part of its
// time waiting on servers and browsers, and the type checks fill that time instead of going first. A type
// error still ends the run early: the suite is stopped, and the errors are printed. Arguments go to vitest.
import { spawn } from "node:child_process";
const run = (args, stdio) => spawn(process.execPath, args, { stdio });
const ended = (child) =>
  new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const lint = await ended(run(["node_modules/@biomejs/biome/bin/biome", "ci", "."], "inherit"));
if (lint !== 0) process.exit(lint);

const typecheck = run(["scripts/typecheck.mjs"], ["ignore", "pipe", "pipe"]);
let typeErrors = "";
typecheck.stdout.on("data", (chunk) => (typeErrors += chunk));
typecheck.stderr.on("data", (chunk) => (typeErrors += chunk));
const suite = run(["node_modules/vitest/vitest.mjs", "run", ...process.argv.slice(2)], "inherit");

const typed = ended(typecheck).then((code) => {
  if (code !== 0) suite.kill("SIGINT");
  return code;
});
const [typeCode, suiteCode] = await Promise.all([typed, ended(suite)]);
if (typeCode !== 0) process.stdout.write(`\nThe type check failed; the suite was stopped.\n${typeErrors.trimEnd()}\n`);
else process.stdout.write("\nThe type check passed.\n");
process.exitCode = typeCode || suiteCode;
