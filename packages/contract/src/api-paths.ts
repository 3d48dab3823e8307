/**
 * HTTP paths of the API. The spec's paths are the public contract and are kept exactly,
 * including the odd ones. Nothing else in the code base types an API path by hand.
 */
export const API = {
  health: '/healthz',
  ready: '/readyz',
  docs: '/api/docs',
  campaigns: '/api/campaigns',
  jobs: '/api/static/jobs',
  organizationsOther: '/api/organization/by-type/other',
  news: '/api/news',
  newsById: (id: number | string) => `/api/news/${id}`,
  newsRelated: (id: number | string) => `/api/news/${id}/related`,
  contact: '/api/contact',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;
