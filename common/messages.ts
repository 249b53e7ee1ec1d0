/**
 * Strings fixed by the spec, verbatim. UI, server and tests import them from here so that a
 * typo cannot hide in one place.
 */
export const MESSAGES = {
  errorHeading: (statusCode: number) => `Ошибка ${statusCode}`,
  forbiddenDescription: 'У вас нет доступа к этой странице',
  notFoundDescription: 'Мы не смогли найти эту страницу',
  goToCatalog: 'Перейти в каталог',
  goHome: 'На главную',
  pageNotFound: (fullPath: string) => `Page Not Found: ${fullPath}`,
  forbidden: 'Forbidden',
  networkErrorDefault: 'An error occurred',
  invalidInputDefault: 'Недопустимый ввод данных',
  chatDisconnected: 'Соединение с сервером чата разорвано. Перезагрузите страницу',
  chatAttachment: 'Вложение',
  soundPlaybackFailed: 'Ошибка воспроизведения звука:',
  soundInitFailed: 'Ошибка инициализации звука:',
  uploadFailed: (method: string, url: string, status: number) => `fail to ${method} ${url} ${status}`,
} as const

const tooManyRequestsIn = (wait: string) => `Слишком много запросов. Попробуйте ещё раз через ${wait}.`

/** Russian messages of our own, shared by server responses and the UI. */
export const RU = {
  internalError: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.',
  serviceUnavailable:
    'Сервис временно недоступен: соединение с базой данных прервалось. Повторите через несколько секунд.',
  invalidRequest: 'Проверьте правильность заполнения полей.',
  tooManyRequests: tooManyRequestsIn('минуту'),
  /** A 429 that says how long: «через 10 минут». */
  tooManyRequestsIn,
  requestTooLarge: 'Запрос слишком большой.',
  unsupportedMediaType: 'Неподдерживаемый формат запроса: отправьте JSON.',
  idempotencyKeyReused:
    'Ключ Idempotency-Key уже использован для другого запроса: для нового запроса нужен новый ключ.',
  methodNotAllowed: (method: string) => `Метод ${method} здесь не поддерживается.`,
  newBuildTitle: 'Доступна новая версия сайта',
  newBuildMessage: 'Обновите страницу, чтобы продолжить работу с последней версией.',
  newBuildReload: 'Обновить',
} as const

export const ANALYTICS_GOALS = { error404: 'error_404' } as const
