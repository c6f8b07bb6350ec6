import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

export type ServerProcess = {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** A loaded machine (CI, several suites at once) can take many seconds to start a process. */
const START_TIMEOUT_MS = 90_000;

/** Starts `parley start` as its own process (the bundled CLI) and waits for its URL. */
export function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["bin/parley.js", "start"], {
    // scrypt's lowest cost, as on the test servers (test/helpers/test-server.ts).
    env: { LOG_LEVEL: "warn", PARLEY_CHECK_RESPONSES: "on", PARLEY_PASSWORD_HASH_COST: "1024", ...env, PORT: "0" },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), START_TIMEOUT_MS);
    child.stdout.on("data", () => {
      const match = /Parley is running at (http:\/\/\S+)/.exec(output);
      if (!match || !output.includes("Database:")) return;
      clearTimeout(timer);
      resolve({
        child,
        url: match[1],
        output: () => output,
        stop: (signal = "SIGTERM") => {
          child.kill(signal);
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
