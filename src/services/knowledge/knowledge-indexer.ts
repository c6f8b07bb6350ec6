import { addressGuard } from "../../integrations/create-integration-ports.js";
import type { DocumentFormat } from "../../integrations/knowledge/documents/index.js";
import type { IndexedDocument, KnowledgeDocumentRow } from "../../store/knowledge-documents-repository.js";
import { type DueWorkRunner, startDueWorkRunner } from "../background/due-work-runner.js";
import type { AppContext } from "../context.js";
import { knowledgeContentKey } from "./knowledge-documents.js";
import { fetchUrlDocument } from "./url-document.js";

/** A job claimed this many times whose claimers all died (a document that kills its reader) fails. */
const MAX_ATTEMPTS = 3;
/** Beyond the parse and fetch time limits: the lease outlives any job that is still alive. */
const LEASE_MARGIN_MS = 60_000;

/** `permanent`: the document failed (its reason is the owner's); else a hiccup (the database): tried again after the lease. */
type IndexingOutcome = { ok: true; indexed: IndexedDocument } | { ok: false; error: string; permanent?: boolean };

async function readAll(stream: AsyncIterable<Buffer>): Promise<Uint8Array> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece);
  return Buffer.concat(pieces);
}

/** The document's bytes: a URL fetched again (every index of it), a file from the storage. */
async function documentBytes(
  ctx: AppContext,
  job: KnowledgeDocumentRow,
): Promise<{ ok: true; bytes: Uint8Array; format: DocumentFormat } | { ok: false; error: string; permanent: true }> {
  const limits = ctx.config.knowledge;
  if (job.source === "url" && job.url) {
    const fetched = await fetchUrlDocument(job.url, addressGuard(ctx.config), {
      maxBytes: limits.maxDocumentBytes,
      timeoutMs: limits.fetchTimeoutMs,
    });
    if (!fetched.ok) return { ok: false, error: fetched.reason, permanent: true };
    const key = knowledgeContentKey(job.knowledgeBaseId, job.id);
    await ctx.files.delete([key]);
    await ctx.files.put(key, [fetched.bytes], fetched.contentType ? { contentType: fetched.contentType } : {});
    await ctx.knowledge.documents.setContent(job.id, job.claimToken!, {
      contentKey: key,
      size: fetched.bytes.byteLength,
      format: fetched.format,
    });
    return { ok: true, bytes: fetched.bytes, format: fetched.format };
  }
  const stored = job.contentKey ? await ctx.files.get(job.contentKey) : undefined;
  if (!stored) return { ok: false, error: "The document's file is missing from the storage.", permanent: true };
  return { ok: true, bytes: await readAll(stored.stream()), format: job.format as DocumentFormat };
}

async function indexDocument(ctx: AppContext, job: KnowledgeDocumentRow): Promise<IndexingOutcome> {
  const limits = ctx.config.knowledge;
  const content = await documentBytes(ctx, job);
  if (!content.ok) return content;
  const parsed = await ctx.knowledge.parser.parse(
    { format: content.format, fileName: job.name, bytes: content.bytes },
    {
      maxBytes: limits.maxDocumentBytes,
      maxPages: limits.maxPages,
      maxChunks: limits.maxChunks,
      maxTextChars: limits.maxTextChars,
      timeoutMs: limits.parseTimeoutMs,
    },
  );
  if (!parsed.ok) return { ok: false, error: parsed.reason, permanent: true };
  return {
    ok: true,
    indexed: {
      ...(parsed.title ? { title: parsed.title } : {}),
      ...(parsed.pages !== undefined ? { pages: parsed.pages } : {}),
      chunks: parsed.chunks,
    },
  };
}

/**
 * Indexes queued documents on this instance, `workers` at a time, alongside other instances (each
 * job is claimed by one). Started and stopped with the server; documents queued here wake it at once.
 */
export function startKnowledgeIndexer(ctx: AppContext, onError: (error: unknown) => void): DueWorkRunner {
  const limits = ctx.config.knowledge;
  const leaseMs = limits.parseTimeoutMs + limits.fetchTimeoutMs + LEASE_MARGIN_MS;
  return startDueWorkRunner<KnowledgeDocumentRow, IndexingOutcome>(
    {
      claim: (limit) => {
        const now = Date.now();
        return ctx.knowledge.documents.claim(
          new Date(now).toISOString(),
          new Date(now + leaseMs).toISOString(),
          limit,
          MAX_ATTEMPTS,
        );
      },
      attempt: (job) => indexDocument(ctx, job),
      async settle(job, outcome) {
        const token = job.claimToken!;
        if (outcome.ok) await ctx.knowledge.documents.finish(job.id, token, outcome.indexed);
        else if (outcome.permanent) await ctx.knowledge.documents.fail(job.id, token, outcome.error);
        else onError(new Error(`indexing document ${job.id} failed: ${outcome.error}`));
        await ctx.knowledge.bases.touch(job.knowledgeBaseId);
      },
    },
    { pollMs: limits.pollMs, batchSize: limits.workers, wakeup: ctx.knowledge.wakeup, onError },
  );
}
