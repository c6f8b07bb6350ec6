// Type-checks the three TypeScript projects (the server, the chat client, the builder) side by side:
// each is one single-threaded tsc, so on two cores the three take about as long as the largest alone.
// Each project's errors are printed together once it ends; the exit code is the first failure's.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const projects = [".", "web", "web/builder"];

const runs = projects.map(
  (project) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [tsc, "--noEmit", "-p", project], { stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (code) => {
        if (code !== 0) process.stdout.write(`tsc -p ${project} failed:\n${output}`);
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
