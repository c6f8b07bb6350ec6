import { formatRelative } from "../lib/format";
import { Link, navigate } from "../lib/router";
import type { BotListItem } from "../lib/types";
import { Menu, type MenuItem } from "../ui/menu";
import { startBotDrag } from "./bot-drag";

export type BotActions = {
  rename(): void;
  duplicate(): void;
  move(): void;
  remove(): void;
};

function PublishBadge({ bot }: { bot: BotListItem }) {
  if (!bot.isPublished) return <span className="badge">Draft</span>;
  if (bot.hasUnpublishedChanges) return <span className="badge warning">Unpublished changes</span>;
  return <span className="badge success">Published</span>;
}

/** A bot of the list; writers can drag it onto a folder or a breadcrumb, guests only open it. */
export function BotCard({
  bot,
  actions,
  onExport,
}: {
  bot: BotListItem;
  /** Absent for guests: the menu keeps only what reads. */
  actions: BotActions | undefined;
  onExport(): void;
}) {
  const items: MenuItem[] = [
    { label: actions ? "Edit" : "Open", onSelect: () => navigate(`/bots/${bot.id}/edit`) },
    { label: "Results", onSelect: () => navigate(`/bots/${bot.id}/results`) },
    ...(actions
      ? [
          { label: "Rename", onSelect: actions.rename },
          { label: "Move to…", onSelect: actions.move },
          { label: "Duplicate", onSelect: actions.duplicate },
        ]
      : []),
    { label: "Export as JSON", onSelect: onExport },
    ...(actions ? [{ label: "Delete", danger: true, onSelect: actions.remove }] : []),
  ];
  return (
    <li
      className="bot-card"
      data-testid="bot-card"
      draggable={actions !== undefined}
      onDragStart={actions ? (event) => startBotDrag(event, bot.id) : undefined}
    >
      <Link to={`/bots/${bot.id}/edit`} className="bot-card-link" draggable={false}>
        <span className="bot-icon" aria-hidden="true">
          {bot.icon || bot.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="bot-name">{bot.name}</span>
        <span className="bot-meta">
          <PublishBadge bot={bot} />
          <span className="muted">Edited {formatRelative(bot.updatedAt)}</span>
        </span>
      </Link>
      <Menu label={`Actions for ${bot.name}`} className="bot-card-menu" items={items} />
    </li>
  );
}
