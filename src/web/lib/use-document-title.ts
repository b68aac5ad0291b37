import { useEffect } from 'react';

/** Sets the tab title for a page: "Page | Jersey Charity Rally". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | Jersey Charity Rally` : 'Jersey Charity Rally 2026';
  }, [title]);
}
