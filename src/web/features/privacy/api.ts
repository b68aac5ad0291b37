import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EraseAnswer, PrivacyInfo } from '@common/schemas/privacy';
import { getJson, sendJson } from '../../lib/api';
import { privacyKeys } from '../../query-keys/privacy';

/** Who holds the data and how long passports and medical data are kept (the retention is a server setting). */
export const privacyInfoQuery = () => queryOptions({ queryKey: privacyKeys.info, queryFn: () => getJson<PrivacyInfo>('/api/privacy') });
export const usePrivacyInfo = () => useQuery(privacyInfoQuery());

export const formatDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** Erases a person's records (the organisers' Privacy requests). */
export const eraseRecords = (email: string) => sendJson<EraseAnswer>('POST', '/api/admin/privacy/erase', { email });
