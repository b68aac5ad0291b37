import { useEffect } from 'react';
import { useRallySettings } from './rally-settings';

/** Sets the tab title for a page: "Page | {product name}", or "{product name} {year}" for the home page. */
export function useDocumentTitle(title: string) {
  const { productName, year } = useRallySettings();
  useEffect(() => {
    document.title = title ? `${title} | ${productName}` : `${productName} ${year}`;
  }, [title, productName, year]);
}
