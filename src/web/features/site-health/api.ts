import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteHealth } from '@common/schemas/site-health';
import { getJson } from '../../lib/api';
import { siteHealthKeys } from '../../query-keys/site-health';

/** The site's health, refreshed every minute while the page is open. */
export const siteHealthQuery = () =>
  queryOptions({
    queryKey: siteHealthKeys.all,
    queryFn: () => getJson<SiteHealth>('/api/admin/site-health'),
    refetchInterval: 60_000,
  });
export const useSiteHealth = () => useQuery(siteHealthQuery());
