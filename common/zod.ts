import { z } from 'zod'

// Validation messages in Russian for every schema, on the server and in the browser alike.
z.config(z.locales.ru())

export { z }
