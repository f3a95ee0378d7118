// Route paths in one place, so links, redirects and the router agree.
export const paths = {
  login: '/login',
  dashboard: '/dashboard',
  products: '/products',
  competitors: '/competitors',
  hosts: '/competitor-hosts',
  matches: '/matches',
  pricing: '/pricing-rules',
  alerts: '/alerts',
  users: '/users',
  activity: '/activity',
} as const;
