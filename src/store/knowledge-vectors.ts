import { sql } from "kysely";
import type { DialectName } from "./connect.js";
import type { Db } from "./database.js";
import type { KnowledgeChunkHit } from "./knowledge-search.js";

/** The vector scaled to length 1: cosine similarity is then a dot product. A zero vector stays zero. */
export function unitVector(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/** As the column holds it: the unit vector's float32 bytes (sqlite-vec's own format; bytea on PostgreSQL). */
export function storedVector(vector: Float32Array): Buffer {
  const unit = unitVector(vector);
  return Buffer.from(unit.buffer, unit.byteOffset, unit.byteLength);
}

type ChunkRow = Omit<KnowledgeChunkHit, "headingPath" | "score"> & { headingPath: string };
type VectorHitRow = ChunkRow & { similarity: number };

/** One base's vectors of one model in memory, one after another, with their chunks' ids. */
type LoadedVectors = { version: string; dimensions: number; ids: string[]; values: Float32Array };

/** Bases whose vectors an instance keeps in memory on PostgreSQL; the least recently searched goes first. */
const CACHED_BASES = 16;

/**
 * Exact nearest passages by cosine similarity over one base's vectors of one embeddings model.
 * Embedded database: sqlite-vec's vec_distance_cosine in the query. PostgreSQL (no pgvector on
 * Debian 12; a dot product over real[] in SQL took 20 s at 100,000 chunks): the base's vectors are
 * read once into this instance's memory and scored here; a search first reads the base's version
 * (its updatedAt, which every indexing and deletion moves, and its vector count), so an instance
 * never scores vectors another one has replaced. The score is the similarity clipped into [0, 1].
 */
export class KnowledgeVectorSearch {
  private readonly loaded = new Map<string, LoadedVectors>();

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  async search(
    knowledgeBaseId: string,
    model: string,
    query: Float32Array,
    limit: number,
  ): Promise<KnowledgeChunkHit[]> {
    if (limit <= 0 || query.length === 0) return [];
    const rows =
      this.dialect === "postgres"
        ? await this.searchInMemory(knowledgeBaseId, model, query, limit)
        : await this.searchSqlite(knowledgeBaseId, model, query, limit);
    return rows.map(({ similarity, headingPath, ...row }) => ({
      ...row,
      headingPath: JSON.parse(headingPath) as string[],
      score: Math.min(1, Math.max(0, Number(similarity))),
    }));
  }

  private async searchSqlite(knowledgeBaseId: string, model: string, query: Float32Array, limit: number) {
    const found = await sql<VectorHitRow>`with top as (
        select "chunkId", vec_distance_cosine(vector, ${storedVector(query)}) as distance
        from "knowledgeChunkVectors"
        where "knowledgeBaseId" = ${knowledgeBaseId} and model = ${model} and length(vector) = ${query.length * 4}
        order by distance, "chunkId" limit ${limit}
      )
      select c.id as "chunkId", c."documentId", d.name as "documentName", d.url, c."headingPath", c.page, c.text,
        1 - top.distance as similarity
      from top
      join "knowledgeChunks" c on c.id = top."chunkId"
      join "knowledgeDocuments" d on d.id = c."documentId"
      order by top.distance, c.id`.execute(this.db);
    return found.rows;
  }

  private async searchInMemory(
    knowledgeBaseId: string,
    model: string,
    query: Float32Array,
    limit: number,
  ): Promise<VectorHitRow[]> {
    const vectors = await this.vectorsOf(knowledgeBaseId, model);
    if (vectors.dimensions !== query.length) return [];
    const unit = unitVector(query);
    const top = bestByDotProduct(vectors, unit, limit);
    if (top.length === 0) return [];
    const chunks = await sql<ChunkRow>`select c.id as "chunkId", c."documentId", d.name as "documentName", d.url,
        c."headingPath", c.page, c.text
      from "knowledgeChunks" c join "knowledgeDocuments" d on d.id = c."documentId"
      where c.id in (${sql.join(top.map(({ id }) => id))})`.execute(this.db);
    const byId = new Map(chunks.rows.map((row) => [row.chunkId, row]));
    return top.flatMap(({ id, similarity }) => {
      const chunk = byId.get(id);
      return chunk ? [{ ...chunk, similarity }] : [];
    });
  }

  private async vectorsOf(knowledgeBaseId: string, model: string): Promise<LoadedVectors> {
    const stamp = await sql<{ updatedAt: string; count: string }>`select b."updatedAt",
        (select count(*) from "knowledgeChunkVectors" v where v."knowledgeBaseId" = b.id and v.model = ${model}) as count
      from "knowledgeBases" b where b.id = ${knowledgeBaseId}`.execute(this.db);
    const row = stamp.rows[0];
    const version = `${model}|${row?.updatedAt}|${row?.count}`;
    const key = knowledgeBaseId;
    const cached = this.loaded.get(key);
    if (cached?.version === version) {
      // Most recently used last: Map keeps insertion order.
      this.loaded.delete(key);
      this.loaded.set(key, cached);
      return cached;
    }
    const rows = await this.db
      .selectFrom("knowledgeChunkVectors")
      .select(["chunkId", "vector"])
      .where("knowledgeBaseId", "=", knowledgeBaseId)
      .where("model", "=", model)
      .orderBy("chunkId")
      .execute();
    const dimensions = rows[0] ? rows[0].vector.byteLength / 4 : 0;
    const kept = rows.filter((entry) => entry.vector.byteLength === dimensions * 4);
    const values = new Float32Array(kept.length * dimensions);
    kept.forEach((entry, index) => {
      values.set(new Float32Array(entry.vector.buffer, entry.vector.byteOffset, dimensions), index * dimensions);
    });
    const loaded = { version, dimensions, ids: kept.map((entry) => entry.chunkId), values };
    this.loaded.delete(key);
    this.loaded.set(key, loaded);
    if (this.loaded.size > CACHED_BASES) this.loaded.delete(this.loaded.keys().next().value!);
    return loaded;
  }
}

/** The `limit` vectors with the highest dot product with `query`, best first (ties: by chunk id). */
function bestByDotProduct(vectors: LoadedVectors, query: Float32Array, limit: number) {
  const { dimensions, ids, values } = vectors;
  const best: { id: string; similarity: number }[] = [];
  for (let row = 0; row < ids.length; row++) {
    let dot = 0;
    const offset = row * dimensions;
    for (let index = 0; index < dimensions; index++) dot += values[offset + index]! * query[index]!;
    if (best.length === limit && dot <= best[best.length - 1]!.similarity) continue;
    // Insertion into a short sorted list: limit is at most a few dozen.
    let at = best.length;
    while (at > 0 && best[at - 1]!.similarity < dot) at--;
    best.splice(at, 0, { id: ids[row]!, similarity: dot });
    if (best.length > limit) best.pop();
  }
  return best;
}
