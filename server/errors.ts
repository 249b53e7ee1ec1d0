export { AppError, type AppErrorKind, isAppError, STATUS_BY_KIND } from '#common/errors.ts'
