// RSS of one server on a fresh embedded database, read after each run of conversations, to tell a
// leak (growth run after run) from the heap and the allocator breathing (up and down again).
//   node bench/rss-over-conversations.mjs [runs=10] [conversations per run=10000]
import fs from "node:fs";
import { runLoad, startBenchServer } from "./bench-server.mjs";

const [runs = "10", perRun = "10000"] = process.argv.slice(2);
const server = await startBenchServer();
const rssMb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8"))[1]) / 1024;
const options = { ...server.target, scenario: "conversations", durationMs: 600_000, warmupMs: 0 };
try {
  // Run 0 is the warm-up: the heap grows to its working size.
  for (let index = 0; index <= Number(runs); index++) {
    let done = 0;
    while (done < Number(perRun)) {
      const figures = await runLoad({ ...options, connections: 64, conversations: Number(perRun) - done });
      done += figures.completedConversations;
    }
    console.log(`after ${index * Number(perRun)} conversations (+ warm-up): RSS ${rssMb().toFixed(1)} MB`);
  }
} finally {
  await server.stop();
}
