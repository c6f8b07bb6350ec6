import { useState } from "react";

type Mode = "standard" | "popup" | "bubble" | "reference";

const modeLabels: Record<Mode, string> = {
  standard: "Standard",
  popup: "Popup",
  bubble: "Bubble",
  reference: "Typebot's client",
};

export function embedSnippet(mode: Mode, publicId: string, origin: string): string {
  // A site moving from Typebot keeps its own embed code: only apiHost changes (docs/moving-from-typebot.md).
  if (mode === "reference")
    return `Typebot.initStandard({ typebot: "${publicId}", apiHost: "${origin}" })\n<!-- or, as an element: -->\n<typebot-standard typebot="${publicId}" api-host="${origin}"></typebot-standard>`;
  const script = `<script src="${origin}/embed.js"></script>`;
  if (mode === "standard")
    return `${script}\n<parley-standard bot="${publicId}" style="width: 100%; height: 600px"></parley-standard>`;
  const init = mode === "popup" ? "initPopup" : "initBubble";
  return `${script}\n<script>\n  Parley.${init}({ bot: "${publicId}" });\n</script>`;
}

/** Copy-ready code for the three ways of putting the chat on a site, and the line a site on Typebot's client changes. */
export function EmbedSnippets({ publicId }: { publicId: string }) {
  const [mode, setMode] = useState<Mode>("standard");
  const [copied, setCopied] = useState(false);
  const code = embedSnippet(mode, publicId, location.origin);
  return (
    <div className="embed-snippets">
      <div role="tablist" aria-label="Embed mode" className="tabs">
        {(["standard", "popup", "bubble", "reference"] as const).map((entry) => (
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
            {modeLabels[entry]}
          </button>
        ))}
      </div>
      {mode === "reference" && (
        <p className="muted small">
          Already embedding Typebot's official client? Keep your code and set <code>apiHost</code> to this server:
        </p>
      )}
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
