/** The donations ledger's cache: its pages by filter and the weekly totals, all under `all`. */
export const adminDonationsKeys = {
  all: ['/api/admin/donations'],
  list: (filter: object) => ['/api/admin/donations', filter],
  weekly: ['/api/admin/donations', 'weekly'],
} as const;
