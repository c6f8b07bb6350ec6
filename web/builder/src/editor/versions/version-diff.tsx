import type { DiffMarks } from "../store/editor-store";
import type { BotDiff } from "./versions-api";

type ItemKind = "groups" | "blocks" | "edges" | "variables";

const ITEM_SECTIONS: { kind: ItemKind; title: string }[] = [
  { kind: "groups", title: "Groups" },
  { kind: "blocks", title: "Blocks" },
  { kind: "edges", title: "Edges" },
  { kind: "variables", title: "Variables" },
];

/** Each change as one sentence: `Changed “text in Hello”: content.richText`, `Added “More”`, `Changed general.font`. */
export function changeLines(diff: BotDiff, kind: ItemKind | "settings" | "theme"): string[] {
  if (kind === "settings" || kind === "theme") return diff[kind].changed.map((path) => `Changed ${path}`);
  const changes = diff[kind];
  return [
    ...changes.added.map((item) => `Added “${item.label}”`),
    ...changes.removed.map((item) => `Removed “${item.label}”`),
    ...changes.changed.map((item) => `Changed “${item.label}”: ${item.fields.join(", ")}`),
  ];
}

/** The groups and blocks of the diff that the canvas (the draft) can mark: added and changed ones. */
export function diffMarks(diff: BotDiff): DiffMarks {
  const marks = (kind: "groups" | "blocks"): DiffMarks["blocks"] =>
    Object.fromEntries([
      ...diff[kind].added.map((item) => [item.id, { mark: "added" as const, fields: [] }]),
      ...diff[kind].changed.map((item) => [item.id, { mark: "changed" as const, fields: item.fields }]),
    ]);
  return { groups: marks("groups"), blocks: marks("blocks") };
}

const sideName = (side: BotDiff["from"]) => (side.number === null ? "the draft" : `version ${side.number}`);

/** The structured diff, one section per kind of change (sections without changes are left out). */
export function VersionDiff({ diff }: { diff: BotDiff }) {
  const title = `From ${sideName(diff.from)} to ${sideName(diff.to)}`;
  if (!diff.hasChanges)
    return (
      <section className="version-diff" aria-label={title} data-testid="version-diff">
        <p className="muted" role="status">
          No differences: {sideName(diff.from)} and {sideName(diff.to)} are the same.
        </p>
      </section>
    );
  const sections = [
    ...ITEM_SECTIONS.map(({ kind, title: heading }) => ({ heading, lines: changeLines(diff, kind) })),
    { heading: "Settings", lines: changeLines(diff, "settings") },
    { heading: "Theme", lines: changeLines(diff, "theme") },
  ].filter((section) => section.lines.length > 0);
  return (
    <section className="version-diff" aria-label={title} data-testid="version-diff">
      <p className="muted small">{title}. Added and changed groups and blocks of the draft are marked on the canvas.</p>
      {sections.map((section) => (
        <div key={section.heading} className="version-diff-section">
          <h4>{section.heading}</h4>
          <ul>
            {section.lines.map((line) => (
              <li key={line} className={`diff-line diff-${line.split(" ")[0]!.toLowerCase()}`}>
                {line}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
