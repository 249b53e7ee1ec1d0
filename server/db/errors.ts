/** Whether a statement failed on a unique index (SQLSTATE 23505), from `pg` and PGlite alike. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
