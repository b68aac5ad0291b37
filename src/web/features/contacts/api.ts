import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsentRequestCount,
  ConsentRequestInput,
  ContactCreateInput,
  ContactFilter,
  ContactList,
  ContactUpdateInput,
  ContactView,
} from '@common/schemas/contacts';
import type { BulkSendAnswer } from '@common/schemas/bulk-email';
import type { MessageAnswer } from '@common/schemas/answers';
import { getJson, sendJson } from '../../lib/api';
import { bulkMailKeys } from '../../query-keys/bulk-mail';
import { contactsKeys } from '../../query-keys/contacts';

/** The filters as a query string, leaving out the empty ones. */
export function filterQuery(f: ContactFilter): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') params.set(k, String(v));
  const q = params.toString();
  return q ? `?${q}` : '';
}

function contactListQuery(filter: ContactFilter) {
  const query = filterQuery(filter);
  return queryOptions({ queryKey: contactsKeys.list(query), queryFn: () => getJson<ContactList>(`/api/admin/contacts${query}`) });
}

/** A change to a contact changes the lists, the mailing list and who a send would reach. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [contactsKeys.all, bulkMailKeys.mailingList, bulkMailKeys.audienceCounts]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

export function useContacts(filter: ContactFilter) {
  return useQuery({ ...contactListQuery(filter), placeholderData: (prev) => prev });
}

/** The years on the contact list, for a send's year filter (the same list /admin/contacts offers). */
export function useContactYears() {
  return useQuery({ ...contactListQuery({}), select: (list) => list.years });
}

export function useAddContact() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ContactCreateInput) => sendJson<ContactView>('POST', '/api/admin/contacts', input),
    onSuccess: refresh,
  });
}

export function useUpdateContact() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: ContactUpdateInput & { id: number }) =>
      sendJson<ContactView>('PATCH', `/api/admin/contacts/${id}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteContact() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => sendJson<MessageAnswer>('DELETE', `/api/admin/contacts/${id}`),
    onSuccess: refresh,
  });
}

/** How many contacts a consent request would ask (read afresh each time the confirmation opens). */
export const consentRequestCountQuery = (includeAskedBefore: boolean) =>
  queryOptions({
    queryKey: contactsKeys.consentRequestCount(includeAskedBefore),
    queryFn: () => getJson<ConsentRequestCount>(`/api/admin/contacts/consent-request?includeAskedBefore=${includeAskedBefore}`),
    staleTime: 0,
  });

/** Queues the consent request, a send through the bulk-mail outbox. */
export const sendConsentRequest = (input: ConsentRequestInput) =>
  sendJson<BulkSendAnswer>('POST', '/api/admin/contacts/consent-request', input);
