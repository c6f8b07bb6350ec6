import { sql } from "kysely";
import type { DialectName } from "./connect.js";
import type { Db } from "./database.js";

/** A chunk that matched, with its document; `score` in [0, 1), higher is better. */
export type KnowledgeChunkHit = {
  chunkId: string;
  documentId: string;
  documentName: string;
  url: string | null;
  headingPath: string[];
  page: number | null;
  text: string;
  score: number;
};

/** At most this many words of a question are searched for (a pasted page must not make a huge query). */
const MAX_QUERY_TERMS = 32;

/**
 * The question's words (letters and digits, lower-cased, deduplicated): any of them may match, as
 * visitors ask in sentences; the ranking puts passages with more and rarer words first.
 */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_QUERY_TERMS);
}

/**
 * Both engines' raw relevance (SQLite's bm25(), negated so higher is better, and PostgreSQL's
 * ts_rank_cd) is a positive number without upper bound; x / (1 + x) maps it into [0, 1) keeping the
 * order, so a block's threshold reads the same for every base on one engine.
 */
export const normalisedScore = (raw: number) => (raw > 0 ? raw / (1 + raw) : 0);

type HitRow = Omit<KnowledgeChunkHit, "headingPath" | "score"> & { headingPath: string; raw: number };

/** Full-text search over one knowledge base's chunks: SQLite FTS5 with BM25, or PostgreSQL's tsvector. */
export class KnowledgeSearch {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  async search(knowledgeBaseId: string, query: string, limit: number): Promise<KnowledgeChunkHit[]> {
    const terms = queryTerms(query);
    if (terms.length === 0 || limit <= 0) return [];
    const rows =
      this.dialect === "postgres"
        ? await this.searchPostgres(knowledgeBaseId, terms, limit)
        : await this.searchSqlite(knowledgeBaseId, terms, limit);
    return rows.map(({ raw, headingPath, ...row }) => ({
      ...row,
      headingPath: JSON.parse(headingPath) as string[],
      score: normalisedScore(Number(raw)),
    }));
  }

  private async searchSqlite(knowledgeBaseId: string, terms: string[], limit: number): Promise<HitRow[]> {
    // Each word quoted: FTS5's own syntax (NEAR, column filters, *) is never read from a visitor.
    const match = terms.map((term) => `"${term}"`).join(" OR ");
    const found = await sql<HitRow>`select c.id as "chunkId", c."documentId", d.name as "documentName", d.url,
        c."headingPath", c.page, c.text, -bm25("knowledgeChunksFts", 2.0, 1.0) as raw
      from "knowledgeChunksFts" f
      join "knowledgeChunks" c on c.seq = f.rowid
      join "knowledgeDocuments" d on d.id = c."documentId"
      where "knowledgeChunksFts" match ${match} and c."knowledgeBaseId" = ${knowledgeBaseId}
      order by bm25("knowledgeChunksFts", 2.0, 1.0), c.id
      limit ${limit}`.execute(this.db);
    return found.rows;
  }

  private async searchPostgres(knowledgeBaseId: string, terms: string[], limit: number): Promise<HitRow[]> {
    // Terms are letters and digits only, so joining them with | is a valid tsquery.
    const query = sql`to_tsquery('simple', ${terms.join(" | ")})`;
    const found = await sql<HitRow>`select c.id as "chunkId", c."documentId", d.name as "documentName", d.url,
        c."headingPath", c.page, c.text, ts_rank_cd(c.search, q.query) as raw
      from "knowledgeChunks" c
      cross join (select ${query} as query) q
      join "knowledgeDocuments" d on d.id = c."documentId"
      where c."knowledgeBaseId" = ${knowledgeBaseId} and c.search @@ q.query
      order by raw desc, c.id
      limit ${limit}`.execute(this.db);
    return found.rows;
  }
}
