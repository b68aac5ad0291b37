export const resultsKeys = {
  years: ['/api/admin/results', 'years'],
  year: (year: number) => ['/api/admin/results', year],
} as const;
