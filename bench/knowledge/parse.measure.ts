// Document reading throughput through the worker pool (the built dist/cli/document-worker.js): a
// generated 300-page PDF (40 lines a page), and 1,000 Markdown files (the corpus's 41 files in turn),
// with one and two workers; the process's peak RSS while reading (workers are threads of this process).
// `npx vitest run --config bench/measure.vitest.config.ts knowledge/parse`. Prints figures; asserts nothing.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { it } from "vitest";
import type { DocumentLimits } from "../../src/integrations/knowledge/documents/index.js";
import { DocumentParserPool } from "../../src/integrations/knowledge/documents/parser-pool.js";
import { textPdf } from "../../test/helpers/document-fixtures.js";

const limits: DocumentLimits = {
  maxBytes: 50_000_000,
  maxPages: 1000,
  maxChunks: 100_000,
  maxTextChars: 50_000_000,
  timeoutMs: 120_000,
};
const corpus = path.resolve(import.meta.dirname, "corpus");

function markdownFiles(): { fileName: string; bytes: Uint8Array }[] {
  const files: { fileName: string; bytes: Uint8Array }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".md")) files.push({ fileName: entry.name, bytes: readFileSync(full) });
    }
  };
  walk(corpus);
  return files;
}

/** Runs `work` while sampling the process's RSS every 10 ms: its time and the peak RSS above the start. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakRssMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, peakRssMb: Math.round((peak - start) / 1e6) };
}

it("measures", async () => {
  const pdf = textPdf(
    Array.from({ length: 300 }, (_, page) =>
      Array.from(
        { length: 40 },
        (_, line) => `Page ${page + 1}, line ${line + 1}: the quick brown fox jumps over the lazy dog.`,
      ),
    ),
  );
  const files = markdownFiles();
  const thousand = Array.from({ length: 1000 }, (_, index) => files[index % files.length]!);
  const markdownBytes = thousand.reduce((sum, file) => sum + file.bytes.length, 0);
  console.log(
    `300-page PDF: ${(pdf.length / 1e6).toFixed(2)} MB; 1,000 Markdown files: ${(markdownBytes / 1e6).toFixed(1)} MB`,
  );
  for (const workers of [1, 2]) {
    const pool = new DocumentParserPool({ workers });
    // Warm: workers started and their modules loaded before the clock runs.
    await Promise.all(
      Array.from({ length: workers }, () =>
        pool.parse({ format: "pdf", fileName: "warm.pdf", bytes: textPdf([["warm"]]) }, limits),
      ),
    );
    const fromPdf = await measured(() => pool.parse({ format: "pdf", fileName: "300.pdf", bytes: pdf }, limits));
    if (!fromPdf.result.ok) throw new Error(fromPdf.result.reason);
    const fromMarkdown = await measured(() =>
      Promise.all(thousand.map((file) => pool.parse({ format: "markdown", ...file }, limits))),
    );
    const chunks = fromMarkdown.result.reduce((sum, parsed) => sum + (parsed.ok ? parsed.chunks.length : 0), 0);
    console.log(
      `${workers} worker(s): PDF ${fromPdf.ms.toFixed(0)} ms = ${((300 / fromPdf.ms) * 1000).toFixed(0)} pages/s, ` +
        `${fromPdf.result.chunks.length} chunks, peak RSS +${fromPdf.peakRssMb} MB; ` +
        `Markdown ${fromMarkdown.ms.toFixed(0)} ms = ${((1000 / fromMarkdown.ms) * 1000).toFixed(0)} files/s, ` +
        `${chunks} chunks, peak RSS +${fromMarkdown.peakRssMb} MB`,
    );
    await pool.close();
  }
});
