export type Hit = { document: string; headingPath: string[] };
export type JudgedSection = { document: string; heading: string };
export type JudgedQuestion = { id: string; question: string; relevant: JudgedSection[] };
export function inSection(hit: Hit, section: JudgedSection): boolean;
export function recallAtK(hits: Hit[], relevant: JudgedSection[], k: number): number;
export function ndcgAtK(hits: Hit[], relevant: JudgedSection[], k: number): number;
export function evaluate(
  questions: JudgedQuestion[],
  search: (question: string) => Promise<Hit[]>,
): Promise<{
  questions: number;
  recallAt5: number;
  ndcgAt10: number;
  perQuestion: { id: string; recallAt5: number; ndcgAt10: number }[];
}>;
