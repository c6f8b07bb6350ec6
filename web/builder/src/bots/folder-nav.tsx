import { Link } from "../lib/router";
import type { Folder } from "../lib/types";
import { Menu } from "../ui/menu";
import { useBotDropTarget } from "./bot-drag";

export const folderUrl = (folderId: string | null) =>
  folderId ? `/bots?folder=${encodeURIComponent(folderId)}` : "/bots";

function Crumb({
  to,
  label,
  current,
  onDropBot,
}: {
  to: string;
  label: string;
  current: boolean;
  onDropBot?(botId: string): void;
}) {
  const drop = useBotDropTarget(onDropBot);
  return (
    <li className={drop.over ? "drop-over" : undefined} {...drop.props}>
      {current ? <span aria-current="page">{label}</span> : <Link to={to}>{label}</Link>}
    </li>
  );
}

/**
 * Where the list is: "Bots / Sales / Leads". Each level above the open folder takes a dropped bot,
 * which moves it up there.
 */
export function Breadcrumbs({
  path,
  onDropBot,
}: {
  path: Folder[];
  onDropBot?(botId: string, folderId: string | null): void;
}) {
  if (path.length === 0) return null;
  const drop = (folderId: string | null) => (onDropBot ? (botId: string) => onDropBot(botId, folderId) : undefined);
  return (
    <nav aria-label="Folders" className="breadcrumbs">
      <ol>
        <Crumb to="/bots" label="All bots" current={false} onDropBot={drop(null)} />
        {path.map((folder, index) => (
          <Crumb
            key={folder.id}
            to={folderUrl(folder.id)}
            label={folder.name}
            current={index === path.length - 1}
            onDropBot={index === path.length - 1 ? undefined : drop(folder.id)}
          />
        ))}
      </ol>
    </nav>
  );
}

export function FolderCard({
  folder,
  onDropBot,
  onRename,
  onDelete,
}: {
  folder: Folder;
  /** Absent for guests: they cannot move bots, rename or delete. */
  onDropBot?(botId: string): void;
  onRename?(): void;
  onDelete?(): void;
}) {
  const drop = useBotDropTarget(onDropBot);
  return (
    <li className={`folder-card${drop.over ? " drop-over" : ""}`} data-testid="folder-card" {...drop.props}>
      <Link to={folderUrl(folder.id)} className="folder-card-link">
        <span className="folder-icon" aria-hidden="true">
          ▰
        </span>
        <span className="folder-name">{folder.name}</span>
      </Link>
      {onRename && onDelete && (
        <Menu
          label={`Actions for the folder ${folder.name}`}
          className="bot-card-menu"
          items={[
            { label: "Rename", onSelect: onRename },
            { label: "Delete", danger: true, onSelect: onDelete },
          ]}
        />
      )}
    </li>
  );
}
