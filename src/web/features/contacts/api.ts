import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContactCreateInput, ContactFilter, ContactList, ContactUpdateInput, ContactView } from '@common/schemas/contacts';
import type { MessageAnswer } from '@common/schemas/answers';
import { sendJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

/** The filters as a query string, leaving out the empty ones. */
export function filterQuery(f: ContactFilter): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') params.set(k, String(v));
  const q = params.toString();
  return q ? `?${q}` : '';
}

const contactsUrl = (f: ContactFilter) => `/api/admin/contacts${filterQuery(f)}`;
const refresh = () => {
  void queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && /^\/api\/admin\/(contacts|mailing-list|bulk-email)/.test(q.queryKey[0]),
  });
};

export function useContacts(filter: ContactFilter) {
  return useQuery<ContactList>({ queryKey: [contactsUrl(filter)], placeholderData: (prev) => prev });
}

export function useAddContact() {
  return useMutation({
    mutationFn: (input: ContactCreateInput) => sendJson<ContactView>('POST', '/api/admin/contacts', input),
    onSuccess: refresh,
  });
}

export function useUpdateContact() {
  return useMutation({
    mutationFn: ({ id, ...input }: ContactUpdateInput & { id: number }) =>
      sendJson<ContactView>('PATCH', `/api/admin/contacts/${id}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteContact() {
  return useMutation({ mutationFn: (id: number) => sendJson<MessageAnswer>('DELETE', `/api/admin/contacts/${id}`), onSuccess: refresh });
}
