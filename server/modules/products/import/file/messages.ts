import { formatCount, formatNumber, quote } from '#common/format.ts'
import { CHARACTERS_UP_TO, PRODUCTS_UP_TO } from '#common/counted-words.ts'

/** What the vendor reads about their import file, in one place so tests and pages share it. */
export const IMPORT_MESSAGES = {
  atLine: (line: number, message: string) => `Строка ${line}: ${message}`,

  // The file as a whole
  emptyFile: 'Файл пуст',
  fileTooLarge: (mb: number) => `Файл больше ${mb} МБ: разделите каталог на несколько файлов`,
  tooManyOffers: (max: number) =>
    `В файле больше ${formatCount(max, PRODUCTS_UP_TO)}: разделите каталог на несколько файлов`,
  unknownFormat: 'Формат файла не распознан: загрузите каталог в формате YML (XML) или CSV',
  notText: 'Файл не текстовый: загрузите каталог в формате YML (XML) или CSV',
  unsupportedEncoding: (encoding: string) =>
    `Кодировка ${quote(encoding)} не поддерживается: сохраните файл в UTF-8 или windows-1251`,
  undecodable: (encoding: string) =>
    `Файл не читается в кодировке ${encoding}: в нём есть недопустимые байты. Сохраните файл в UTF-8 и загрузите снова`,
  noOffers: 'В файле не найдено ни одного товара',

  // YML
  doctype:
    'Файл содержит объявление DOCTYPE с DTD или сущностями (ENTITY). Такие файлы не принимаются из соображений безопасности: удалите объявление и загрузите файл снова',
  malformedXml: (detail: string) => `файл повреждён, XML не разобран (${detail})`,
  notYml: 'Это не YML-файл: корневым элементом должен быть yml_catalog',
  categoryWithoutId: 'у категории нет атрибута id',

  // CSV
  missingColumn: (column: string) =>
    `В первой строке нет столбца ${quote(column)}: она должна содержать заголовки столбцов`,
  duplicateColumn: (column: string) => `столбец ${quote(column)} указан дважды`,
  unclosedQuote: 'кавычка открыта и не закрыта до конца файла',
  malformedCsv: (detail: string) => `файл повреждён, CSV не разобран (${detail})`,

  // Rows
  noSku: 'не указан артикул',
  skuTooLong: (max: number) => `артикул длиннее ${formatCount(max, CHARACTERS_UP_TO)}`,
  noTitle: 'не указано название',
  titleTooLong: (max: number) => `название длиннее ${formatCount(max, CHARACTERS_UP_TO)}`,
  duplicateSku: (sku: string, line: number) => `артикул ${quote(sku)} уже встречался в строке ${line}`,
  priceNotNumber: (value: string) => `цена ${quote(value)} не число`,
  priceNegative: (value: string) => `цена ${quote(value)} меньше нуля`,
  priceTooLarge: (value: string) => `цена ${quote(value)} слишком велика`,
  currency: (currency: string) => `валюта ${quote(currency)} не поддерживается: цены принимаются в рублях (RUR)`,
  vatUnknown: (value: string) => `ставка НДС ${quote(value)} не распознана: укажите 22%, 10%, 7%, 5% или «без НДС»`,
  availableUnknown: (value: string) =>
    `наличие ${quote(value)} не распознано: укажите «да» (в наличии) или «нет» (под заказ)`,
  leadTimeInvalid: (value: string, max: number) =>
    `срок поставки ${quote(value)} не число дней от 1 до ${formatCount(max, ['дня', 'дней', 'дней'])}`,
  stockInvalid: (value: string) => `остаток ${quote(value)} не целое число штук`,
  toOrderWithStock: 'товар «под заказ» не может быть на складе: укажите наличие «да» или уберите остаток',
  areaUnknown: (value: string) => `сфера применения ${quote(value)} не из списка платформы`,
  warrantyInvalid: (value: string, max: number) =>
    `гарантия ${quote(value)} не число месяцев от 0 до ${max} (или срок вида P1Y, P18M)`,
  minOrderInvalid: (value: string, max: number) =>
    `минимальный заказ ${quote(value)} не целое число штук от 1 до ${formatNumber(max)}`,
  gtinInvalid: (value: string) => `GTIN ${quote(value)} — не 8, 12, 13 или 14 цифр с верной контрольной цифрой`,
  regionUnknown: (value: string) =>
    `регион доставки ${quote(value)} не найден: укажите название субъекта РФ или его код`,
  pictureInvalid: (value: string) => `адрес фото ${quote(value)} не ссылка http или https`,
  descriptionTooLong: (max: number) => `описание длиннее ${formatCount(max, CHARACTERS_UP_TO)}`,
  /** The problem as common/markup-limits.ts words it, lowercased to follow «Строка N:». */
  descriptionMarkup: (problem: string) => `описание: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`,
} as const

/** Problems of an offer against our catalogue (mapping.ts), one per field. */
export const DRAFT_MESSAGES = {
  categoryNotMapped: (category: string) => `категория файла ${quote(category)} не сопоставлена с категорией каталога`,
  categoryNotLeaf: (category: string) =>
    `категория ${quote(category)} — раздел каталога: выберите одну из его подкатегорий`,
  noVatRate: 'не указана ставка НДС: укажите её в файле или выберите ставку для всех товаров',
  specNotNumber: (title: string, value: string) => `${quote(title)}: ${quote(value)} не число`,
  specUnit: (title: string, unit: string, expected: string) =>
    `${quote(title)}: единица ${quote(unit)} не подходит, характеристика указывается в ${quote(expected)}`,
  specUnknownOption: (title: string, value: string, options: string) =>
    `${quote(title)}: значения ${quote(value)} нет в списке (${options})`,
  specNotBoolean: (title: string, value: string) => `${quote(title)}: ${quote(value)} — укажите «да» или «нет»`,
  specTooLong: (title: string, max: number) =>
    `${quote(title)}: значение длиннее ${formatCount(max, CHARACTERS_UP_TO)}`,
  specTypeMismatch: (value: string, category: string) =>
    `«Тип»: ${quote(value)} не совпадает с категорией ${quote(category)}`,
  specRequired: (title: string) => `не указана обязательная характеристика ${quote(title)}`,
} as const
