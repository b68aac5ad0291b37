/** The Site health page's cache. */
export const siteHealthKeys = {
  all: ['/api/admin/site-health'],
} as const;
