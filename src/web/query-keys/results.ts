export const resultsKeys = {
  years: ['/api/admin/results', 'years'],
  year: (year: number) => ['/api/admin/results', year],
  hunt: (year: number) => ['/api/admin/results', year, 'hunt'],
} as const;
