import { PostgresFileStorage } from "../../../src/integrations/storage/postgres-storage.js";
import { openStore } from "../../../src/store/connect.js";
import { patternBytes, sha256Of } from "./storage-fixtures.js";

/**
 * Run with --expose-gc by postgres-memory.test.ts: streams a file through the PostgreSQL storage and
 * back, and reports the most memory held at any point (after a collection) above where it started.
 */
const gc = (globalThis as { gc?: () => void }).gc!;
const size = Number(process.argv[2]);
// Each pooled connection keeps buffers as large as the largest row it moved (256 KiB and more): a small
// pool keeps that fixed cost small beside what is measured.
const store = await openStore({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.PARLEY_DATA_DIR!,
  poolSize: 2,
});
const storage = new PostgresFileStorage(store.db);
const held = () => {
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};
await storage.put("warmup/w.bin", patternBytes(1024 * 1024));
await sha256Of((await storage.get("warmup/w.bin"))!.stream());
const baseline = held();
let peak = 0;
async function* sampled(chunks: AsyncIterable<Uint8Array>, every: number) {
  let n = 0;
  for await (const chunk of chunks) {
    if (n++ % every === 0) peak = Math.max(peak, held() - baseline);
    yield chunk;
  }
}
await storage.put("big/file.bin", sampled(patternBytes(size), 16));
const writePeak = peak;
peak = 0;
const stored = await storage.get("big/file.bin");
const digest = await sha256Of(sampled(stored!.stream(), 4));
await store.close();
process.stdout.write(
  JSON.stringify({
    size: stored!.size,
    digest,
    expected: await sha256Of(patternBytes(size)),
    writePeak,
    readPeak: peak,
  }),
);
