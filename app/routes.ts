import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

/** Every path the spec lists as an alias of the home page; each answers 301 to /. */
export const HOME_ALIASES = [
  'home',
  'index.html',
  'index.php',
  'index.htm',
  'index.asp',
  'index.aspx',
  'default.asp',
  'default.aspx',
  'home.html',
  'main',
] as const

// In the order of the spec's route table (section 2). `/home/` and `/main/` match `home` and
// `main`: React Router ignores a trailing slash.
export default [
  layout('layouts/custom.tsx', [index('routes/home.tsx')]),
  ...HOME_ALIASES.map((path) => route(path, 'routes/home-alias.tsx', { id: `home-alias:${path}` })),
  layout('layouts/default.tsx', [route('*', 'routes/not-found.tsx')]),
] satisfies RouteConfig
