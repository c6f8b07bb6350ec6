import { useEffect } from "react";

/** The browser tab's title while a page is shown: what is open first, then the product. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Parley` : "Parley";
  }, [title]);
}
