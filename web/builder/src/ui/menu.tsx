import { useEffect, useId, useRef, useState, type ReactNode } from "react";

export type MenuItem = { label: string; onSelect(): void; danger?: boolean; disabled?: boolean };

/** A button opening a list of actions; arrow keys move between them, Escape closes it. */
export function Menu({
  label,
  items,
  buttonContent,
  className,
}: {
  label: string;
  items: MenuItem[];
  buttonContent?: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const first = root.current?.querySelector<HTMLButtonElement>("[role=menuitem]:not(:disabled)");
    first?.focus();
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const entries = [...(root.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]:not(:disabled)") ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "Escape") {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      entries[(index + 1) % entries.length]?.focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      entries[(index - 1 + entries.length) % entries.length]?.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys and Escape work from any control inside the menu.
    <div className={`menu ${className ?? ""}`} ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="button icon"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(!open);
        }}
      >
        {buttonContent ?? "⋯"}
      </button>
      {open && (
        <div className="menu-list" role="menu" id={menuId} aria-label={label}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              className={item.danger ? "danger" : undefined}
              disabled={item.disabled}
              onClick={(event) => {
                event.stopPropagation();
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
