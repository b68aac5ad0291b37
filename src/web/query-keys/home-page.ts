/** The organisers' view of the stat tiles (the public tiles and stories are lib/home-page's). */
export const homePageKeys = {
  statAdmin: ['/api/admin/home-page/stats'],
} as const;
