// Retrieval quality on the judged questions (questions.json): recall@k and nDCG@k at section level.
// A hit is a chunk returned by search: { document, headingPath }. A judged section is
// { document, heading }: a hit is in it when it comes from that document and its heading path holds
// that heading (backticks and emphasis marks ignored, as the Markdown reader drops them). Several chunks
// of one section count once: the first one found is credited, later ones add nothing.

const plainHeading = (heading) => heading.replace(/[*_`]/g, "").replace(/\s+/g, " ").trim().toLowerCase();

/** Whether a hit lies in a judged section. */
export function inSection(hit, section) {
  if (hit.document !== section.document) return false;
  const wanted = plainHeading(section.heading);
  return hit.headingPath.some((heading) => plainHeading(heading) === wanted);
}

/** For each of the first k hits, the index of the judged section it newly finds, or -1. */
function credited(hits, relevant, k) {
  const found = new Set();
  return hits.slice(0, k).map((hit) => {
    const index = relevant.findIndex((section, at) => !found.has(at) && inSection(hit, section));
    if (index >= 0) found.add(index);
    return index;
  });
}

/** The share of judged sections found in the first k hits (0 when nothing is judged relevant). */
export function recallAtK(hits, relevant, k) {
  if (relevant.length === 0) return 0;
  return credited(hits, relevant, k).filter((index) => index >= 0).length / relevant.length;
}

/** Normalised discounted cumulative gain of the first k hits, binary gains, log2 discount. */
export function ndcgAtK(hits, relevant, k) {
  const gains = credited(hits, relevant, k);
  const dcg = gains.reduce((sum, index, rank) => sum + (index >= 0 ? 1 / Math.log2(rank + 2) : 0), 0);
  let ideal = 0;
  for (let rank = 0; rank < Math.min(k, relevant.length); rank++) ideal += 1 / Math.log2(rank + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

/**
 * Mean recall@5 and nDCG@10 over the questions, with `search(question)` answering its ranked hits.
 * Returns the per-question figures too, for looking into the misses.
 */
export async function evaluate(questions, search) {
  const perQuestion = [];
  for (const question of questions) {
    const hits = await search(question.question);
    perQuestion.push({
      id: question.id,
      recallAt5: recallAtK(hits, question.relevant, 5),
      ndcgAt10: ndcgAtK(hits, question.relevant, 10),
    });
  }
  const mean = (key) => perQuestion.reduce((sum, row) => sum + row[key], 0) / Math.max(1, perQuestion.length);
  return { questions: perQuestion.length, recallAt5: mean("recallAt5"), ndcgAt10: mean("ndcgAt10"), perQuestion };
}
