import { formatNumber, quote } from '#common/format.ts'

/** What 1С's user reads when a file cannot be taken: shown by 1С after «failure». */
export const CML_MESSAGES = {
  doctype:
    'Файл содержит объявление DOCTYPE с DTD или сущностями (ENTITY); такие файлы не принимаются из соображений безопасности',
  notCommerceMl: (root: string) =>
    root
      ? `Это не файл CommerceML: корневой элемент ${quote(root)} вместо «КоммерческаяИнформация»`
      : 'Это не файл CommerceML: нет элемента «КоммерческаяИнформация»',
  malformed: (line: number, detail: string) =>
    `Строка ${formatNumber(line)}: файл повреждён, XML не разобран (${detail})`,
  itemTooLarge: (line: number) => `Строка ${formatNumber(line)}: элемент больше 4 МБ, файл не принят`,
  undecodable: (encoding: string) => `Файл не читается в кодировке ${encoding}: в нём есть недопустимые байты`,
  unsupportedEncoding: (encoding: string) => `Кодировка ${quote(encoding)} не поддерживается: выгрузите файл в UTF-8`,
} as const
