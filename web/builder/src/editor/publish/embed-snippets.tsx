import { useState } from "react";

type Mode = "standard" | "popup" | "bubble";

export function embedSnippet(mode: Mode, publicId: string, origin: string): string {
  const script = `<script src="${origin}/embed.js"></script>`;
  if (mode === "standard")
    return `${script}\n<parley-standard bot="${publicId}" style="width: 100%; height: 600px"></parley-standard>`;
  const init = mode === "popup" ? "initPopup" : "initBubble";
  return `${script}\n<script>\n  Parley.${init}({ bot: "${publicId}" });\n</script>`;
}

/** Copy-ready code for the three ways of putting the chat on a site. */
export function EmbedSnippets({ publicId }: { publicId: string }) {
  const [mode, setMode] = useState<Mode>("standard");
  const [copied, setCopied] = useState(false);
  const code = embedSnippet(mode, publicId, location.origin);
  return (
    <div className="embed-snippets">
      <div role="tablist" aria-label="Embed mode" className="tabs">
        {(["standard", "popup", "bubble"] as const).map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            aria-selected={mode === entry}
            className="tab"
            onClick={() => {
              setMode(entry);
              setCopied(false);
            }}
          >
            {entry[0].toUpperCase() + entry.slice(1)}
          </button>
        ))}
      </div>
      <pre className="code-block" data-testid="embed-snippet">
        {code}
      </pre>
      <button
        type="button"
        className="button small"
        onClick={() => void navigator.clipboard?.writeText(code).then(() => setCopied(true))}
      >
        {copied ? "Copied" : "Copy the code"}
      </button>
    </div>
  );
}
