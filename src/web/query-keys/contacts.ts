/** The contact list's cache: its pages by query string and the consent-request count, all under `all`. */
export const contactsKeys = {
  all: ['/api/admin/contacts'],
  list: (query: string) => ['/api/admin/contacts', query],
  consentRequestCount: (includeAskedBefore: boolean) => ['/api/admin/contacts', 'consent-request', includeAskedBefore],
} as const;
