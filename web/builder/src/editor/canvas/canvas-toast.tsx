import { useEffect } from "react";
import { createStore, useStore } from "../../lib/store";

/** The last thing a canvas action did, said briefly ("Group copied", "Pasted 2 groups"). */
const toast = createStore<{ text: string; serial: number } | undefined>(undefined);
const SHOWN_MS = 2500;

export function showToast(text: string): void {
  toast.set((current) => ({ text, serial: (current?.serial ?? 0) + 1 }));
}

/** A polite live region: screen readers announce what copy, paste, duplicate and delete did. */
export function CanvasToast() {
  const current = useStore(toast, (value) => value);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => toast.set((value) => (value === current ? undefined : value)), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <div className="canvas-toast-region" role="status" aria-live="polite">
      {current && (
        <div className="canvas-toast" key={current.serial} data-testid="canvas-toast">
          {current.text}
        </div>
      )}
    </div>
  );
}
