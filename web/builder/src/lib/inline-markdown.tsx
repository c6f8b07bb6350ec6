import type { ReactNode } from "react";

/**
 * The little markdown transcripts carry (bold, italic, links), as React nodes: text stays text,
 * nothing is parsed as HTML. Links keep only http(s) and mailto addresses.
 */
const TOKEN = /\*\*([^*]+)\*\*|__([^_]+)__|\*([^*]+)\*|_([^_]+)_|\[([^\]]*)\]\(([^)\s]+)\)/g;

export function renderInlineMarkdown(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const [, bold1, bold2, italic1, italic2, label, url] = match;
    const key = `${index}`;
    if (bold1 ?? bold2) nodes.push(<strong key={key}>{bold1 ?? bold2}</strong>);
    else if (italic1 ?? italic2) nodes.push(<em key={key}>{italic1 ?? italic2}</em>);
    else if (/^(https?:|mailto:)/i.test(url ?? ""))
      nodes.push(
        <a key={key} href={url} target="_blank" rel="noreferrer">
          {label || url}
        </a>,
      );
    else nodes.push(label || url);
    last = index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** `{{variable}}` references marked up, for summaries on the canvas. */
export function highlightVariables(text: string): ReactNode[] {
  const parts = text.split(/(\{\{[^{}]+\}\})/g);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string in order; the index is their identity.
      <span key={index} className="variable-chip">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
