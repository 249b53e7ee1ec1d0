import { z } from 'zod'

// Validation messages in Russian for every schema, on the server and in the browser alike.
z.config(z.locales.ru())

// In the browser zod parses without compiling parsers through `new Function`: the page's
// Content-Security-Policy allows no eval, and zod's probe for it was reported as a violation on
// every page that validates a form. The server keeps the compiled (faster) parsers.
if (typeof window !== 'undefined') z.config({ jitless: true })

export { z }
