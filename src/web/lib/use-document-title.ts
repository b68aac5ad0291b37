import { useEffect } from 'react';
import { rallySettings } from './rally-settings';

/** Sets the tab title for a page: "Page | {product name}", or "{product name} {year}" for the home page. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const { productName, year } = rallySettings;
    document.title = title ? `${title} | ${productName}` : `${productName} ${year}`;
  }, [title]);
}
