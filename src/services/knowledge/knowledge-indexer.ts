import { addressGuard } from "../../integrations/create-integration-ports.js";
import type { DocumentFormat } from "../../integrations/knowledge/documents/index.js";
import type {
  IndexedDocument,
  KnowledgeDocumentRow,
  NewKnowledgeChunk,
} from "../../store/knowledge-documents-repository.js";
import { embeddingsSettingOf } from "./knowledge-embeddings.js";
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
  const indexed: IndexedDocument = {
    ...(parsed.title ? { title: parsed.title } : {}),
    ...(parsed.pages !== undefined ? { pages: parsed.pages } : {}),
    chunks: parsed.chunks,
  };
  // Read now, not when claimed: a source changed meanwhile has queued the document again anyway.
  const base = await ctx.knowledge.bases.findById(job.knowledgeBaseId);
  if (!base || !embeddingsSettingOf(base) || parsed.chunks.length === 0) return { ok: true, indexed };
  const embedded = await ctx.knowledge.embedder.embed(base, parsed.chunks.map(embeddedText));
  if (!embedded.ok) return { ok: false, error: `Embedding failed: ${embedded.error}`, permanent: true };
  return { ok: true, indexed: { ...indexed, vectors: { model: embedded.model, values: embedded.vectors } } };
}

/** A passage as it is embedded: under its headings, which often say what it is about. */
const embeddedText = (chunk: NewKnowledgeChunk) => [...chunk.headingPath, chunk.text].join("\n");

/**
 * Indexes queued documents on this instance, `workers` at a time, alongside other instances (each
 * job is claimed by one). Started and stopped with the server; documents queued here wake it at once.
 */
export function startKnowledgeIndexer(ctx: AppContext, onError: (error: unknown) => void): DueWorkRunner {
  const limits = ctx.config.knowledge;
  // Embedding is bounded per request, not in all: a document of many batches on a slow provider may
  // outlive its lease and be claimed again (its first claim then cannot write): see the docs.
  const leaseMs = limits.parseTimeoutMs + limits.fetchTimeoutMs + 4 * limits.embeddingsTimeoutMs + LEASE_MARGIN_MS;
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
