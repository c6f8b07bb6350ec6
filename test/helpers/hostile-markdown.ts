/**
 * Long runs of delimiters, brackets and backticks: inputs on which a naive emphasis or code-span parser
 * backtracks quadratically. The rich-text tests check what they turn into; bench/markdown.measure.ts
 * times them.
 */
export const hostileMarkdown = {
  closedEmphasis: "*a* ".repeat(20000),
  unopenedEmphasis: "a* ".repeat(20000),
  openBrackets: "[".repeat(20000),
  backticks: "`` ` ".repeat(10000),
  nestedEmphasis: "*a ".repeat(10000) + "a* ".repeat(10000),
} as const;
