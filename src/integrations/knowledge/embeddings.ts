import type { HttpPort } from "../../engine/ports.js";

/**
 * Embeddings from any OpenAI-compatible API (OpenAI, Mistral, Together, a local Ollama at
 * http://localhost:11434/v1): POST {baseUrl}/embeddings with `{ model, input: [...] }`, through the
 * HTTP port, so the address guard applies to the base URL like any outgoing call.
 */
export type EmbeddingsSource = { baseUrl: string; apiKey?: string; model: string };
export type EmbeddingsResult = { ok: true; vectors: Float32Array[] } | { ok: false; error: string };

/** Texts per request: providers cap a request's inputs (OpenAI at 2,048, others far lower). */
export const EMBEDDINGS_BATCH_SIZE = 64;

/**
 * One vector per text, in the texts' order, in batches of at most `batchSize` texts per request (each
 * with `timeoutMs`). The first failing batch fails the whole call, with a sentence saying why; all
 * vectors have the same dimensions or none is returned.
 */
export async function embedTexts(
  http: HttpPort,
  source: EmbeddingsSource,
  texts: string[],
  options: { timeoutMs: number; batchSize?: number },
): Promise<EmbeddingsResult> {
  const batchSize = Math.max(1, options.batchSize ?? EMBEDDINGS_BATCH_SIZE);
  const url = `${source.baseUrl.replace(/\/+$/, "")}/embeddings`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (source.apiKey) headers.authorization = `Bearer ${source.apiKey}`;
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    const input = texts.slice(start, start + batchSize);
    const response = await http.request({
      url,
      method: "POST",
      headers,
      body: JSON.stringify({ model: source.model, input, encoding_format: "float" }),
      timeoutMs: options.timeoutMs,
    });
    if (response.error)
      return { ok: false, error: `The embeddings API could not be reached: ${response.error.message}` };
    if (response.statusCode >= 400)
      return { ok: false, error: `The embeddings API answered ${response.statusCode}: ${errorMessage(response.data)}` };
    const batch = vectorsOf(response.data, input.length);
    if (typeof batch === "string") return { ok: false, error: `The embeddings API's answer is not usable: ${batch}` };
    vectors.push(...batch);
  }
  const dimensions = vectors[0]?.length;
  if (vectors.some((vector) => vector.length !== dimensions))
    return { ok: false, error: "The embeddings API's answer is not usable: its vectors differ in length." };
  return { ok: true, vectors };
}

/** The batch's vectors in input order, or what is wrong with the answer. */
function vectorsOf(data: unknown, count: number): Float32Array[] | string {
  const items = (data as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(items)) return "it has no data list.";
  if (items.length !== count) return `it has ${items.length} vectors for ${count} texts.`;
  const vectors: Float32Array[] = new Array(count);
  for (const [position, item] of items.entries()) {
    const { embedding, index } = (item ?? {}) as { embedding?: unknown; index?: unknown };
    const at = typeof index === "number" ? index : position;
    if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((value) => typeof value === "number"))
      return "a vector is not a list of numbers.";
    if (!Number.isInteger(at) || at < 0 || at >= count || vectors[at])
      return "its vectors' indexes do not match the texts.";
    vectors[at] = Float32Array.from(embedding as number[]);
  }
  return vectors;
}

function errorMessage(data: unknown): string {
  if (typeof data === "string") return data.slice(0, 200) || "no message";
  const body = data as { error?: { message?: unknown } | string; message?: unknown } | undefined;
  const message = typeof body?.error === "string" ? body.error : (body?.error?.message ?? body?.message);
  return typeof message === "string" && message !== "" ? message.slice(0, 200) : "no message";
}
