import type { AiMessage, KnowledgeHit } from "../../../ports.js";
import type { RichTextNode } from "../../../rich-text/types.js";
import { sourceName, sourceText } from "./retrieval.js";

const RULES = [
  "Answer the user's question using only the numbered passages below.",
  "Cite the passages you use as [1], [2]… right after the sentences they support.",
  "If the passages do not answer the question, say that you do not know; do not guess.",
].join(" ");

/** The model's messages: the rules (and the author's instructions), the passages numbered from 1, then the question. */
export function knowledgeAnswerMessages(
  question: string,
  hits: readonly KnowledgeHit[],
  instructions?: string,
): AiMessage[] {
  const passages = hits
    .map((hit, index) => `[${index + 1}] ${sourceName(hit, ", p. N")}${hit.url ? ` <${hit.url}>` : ""}\n${hit.text}`)
    .join("\n\n");
  const extra = instructions?.trim() ? `\n\n${instructions.trim()}` : "";
  return [
    { role: "system", content: `${RULES}${extra}\n\nPassages:\n\n${passages}` },
    { role: "user", content: question },
  ];
}

/** The passage numbers the answer cites, in order, once each; none cited: every passage, as all were given. */
export function citedNumbers(answer: string, passageCount: number): number[] {
  const cited = [...answer.matchAll(/\[(\d{1,2})\]/g)]
    .map((match) => Number(match[1]))
    .filter((number) => number >= 1 && number <= passageCount);
  const unique = [...new Set(cited)].sort((a, b) => a - b);
  return unique.length ? unique : Array.from({ length: passageCount }, (_, index) => index + 1);
}

export type CitedSource = { number: number; hit: KnowledgeHit };

export function citedSources(answer: string, hits: readonly KnowledgeHit[]): CitedSource[] {
  return citedNumbers(answer, hits.length).map((number) => ({ number, hit: hits[number - 1] as KnowledgeHit }));
}

/**
 * The sources shown after the answer: one line per cited passage under its number, a link to the
 * page for web documents, else "Document › Heading, p. N". Chat apps get the lines as plain text
 * (src/integrations/channels/rich-text-render.ts writes a link their way).
 */
export function sourcesRichText(sources: readonly CitedSource[]): RichTextNode[] {
  const line = ({ number, hit }: CitedSource): RichTextNode => ({
    type: "p",
    children: hit.url
      ? [{ text: `[${number}] ` }, { type: "a", url: hit.url, children: [{ text: hit.documentName }] }]
      : [{ text: `[${number}] ${sourceName(hit, ", p. N")}` }],
  });
  return [{ type: "p", children: [{ text: "Sources:", bold: true }] }, ...sources.map(line)];
}

/** The sources as the transcript keeps them (and as the sources variable lists them). */
export const sourcesPlainText = (sources: readonly CitedSource[]): string =>
  ["Sources:", ...sources.map(({ number, hit }) => `[${number}] ${sourceText(hit)}`)].join("\n");
