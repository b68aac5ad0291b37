import { useEffect } from 'react';

/** A red circle with "!", for the tab's icon while an SOS is open. */
const SOS_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#dc2626"/><text x="16" y="24" font-size="22" font-family="Arial,sans-serif" font-weight="bold" text-anchor="middle" fill="#fff">!</text></svg>',
  );
const COUNT_PREFIX = /^\(\d+ SOS\) /;

/**
 * While any SOS is open the control room's tab says so where an organiser sees it from another
 * tab: its title starts "(1 SOS) " and its icon turns red; both go back when none is open (or the
 * page is left).
 */
export function useSosTabAlert(openSos: number) {
  useEffect(() => {
    if (!openSos) return;
    const icon = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    const normalIcon = icon?.getAttribute('href') ?? null;
    document.title = `(${openSos} SOS) ${document.title.replace(COUNT_PREFIX, '')}`;
    icon?.setAttribute('href', SOS_ICON);
    return () => {
      document.title = document.title.replace(COUNT_PREFIX, '');
      if (icon && normalIcon !== null) icon.setAttribute('href', normalIcon);
    };
  }, [openSos]);
}
