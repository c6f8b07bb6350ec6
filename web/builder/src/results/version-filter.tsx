import { useEffect, useState } from "react";
import { api } from "../lib/api";
import { STAGING_SCOPE } from "./results-api";

type VersionOption = { id: string; number: number };

/** The bot's published versions, newest first (the newest hundred: older ones are rarely filtered on). */
const listVersions = (botId: string) =>
  api.call("listVersions", { params: { botId }, query: { limit: 100 } }).then((answer) => answer.versions);

/** Narrows the results or the analytics to one published version's chats, or to the staging link's ("": every visitor's). */
export function VersionFilter({
  botId,
  versionId,
  onChange,
}: {
  botId: string;
  versionId: string;
  onChange(versionId: string): void;
}) {
  const [versions, setVersions] = useState<VersionOption[]>([]);
  useEffect(() => {
    // Without the list the filter just offers "All versions": the table itself still loads.
    listVersions(botId).then(setVersions, () => setVersions([]));
  }, [botId]);
  return (
    <label className="field inline">
      <span>Version</span>
      <select
        className="input"
        value={versionId}
        onChange={(event) => onChange(event.target.value)}
        data-testid="version-filter"
      >
        <option value="">All versions</option>
        {versions.map((version) => (
          <option key={version.id} value={version.id}>
            Version {version.number}
          </option>
        ))}
        <option value={STAGING_SCOPE}>Staging chats</option>
      </select>
    </label>
  );
}
