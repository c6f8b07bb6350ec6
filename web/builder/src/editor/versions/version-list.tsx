import { formatDateTime } from "../../lib/format";
import type { BotVersion } from "./versions-api";

type Props = {
  versions: BotVersion[];
  emails: Map<string, string>;
  selectedId: string | undefined;
  stagingVersionId: string | undefined;
  onSelect(versionId: string): void;
};

function findingsText(findings: BotVersion["findings"]): string {
  if (findings === null) return "";
  if (findings.length === 0) return "No findings";
  return findings.length === 1 ? "1 finding" : `${findings.length} findings`;
}

/** The bot's versions, newest first: number, when, who, the note and what the check found then. */
export function VersionList({ versions, emails, selectedId, stagingVersionId, onSelect }: Props) {
  return (
    <ul className="version-list" aria-label="Versions">
      {versions.map((version) => {
        const by = version.publishedBy ? (emails.get(version.publishedBy) ?? "a former member") : undefined;
        const findings = findingsText(version.findings);
        return (
          <li key={version.id}>
            <button
              type="button"
              className="version-item"
              aria-pressed={version.id === selectedId}
              data-testid={`version-${version.number}`}
              onClick={() => onSelect(version.id)}
            >
              <span className="version-heading">
                <strong>Version {version.number}</strong>
                {version.isPublished && <span className="version-badge published">Published</span>}
                {version.id === stagingVersionId && <span className="version-badge staging">On staging</span>}
              </span>
              <span className="muted small">
                {formatDateTime(version.publishedAt)}
                {by ? ` · ${by}` : ""}
              </span>
              {version.note && <span className="version-note">{version.note}</span>}
              {findings && <span className="version-findings small">{findings}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
