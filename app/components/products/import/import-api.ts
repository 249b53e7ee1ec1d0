import { api } from '#app/lib/api.ts'
import { IMPORT_FILE_FIELD, type ImportMappingInput, type ImportView } from '#common/product-import.ts'

/** The cabinet's import endpoints (/api/v1/cabinet/imports), as the import page calls them. */
const base = '/cabinet/imports'

export async function uploadCatalog(file: File): Promise<ImportView> {
  const form = new FormData()
  form.append(IMPORT_FILE_FIELD, file, file.name)
  return (await api.post<{ data: ImportView }>(base, form)).data
}

export async function loadImport(id: string, errorsPage = 1): Promise<ImportView> {
  return (await api.get<{ data: ImportView }>(`${base}/${id}?errorsPage=${errorsPage}`)).data
}

export async function saveMapping(id: string, mapping: Partial<ImportMappingInput>): Promise<ImportView> {
  return (await api.put<{ data: ImportView }>(`${base}/${id}/mapping`, mapping)).data
}

export async function startImport(id: string): Promise<ImportView> {
  return (await api.post<{ data: ImportView }>(`${base}/${id}/confirm`, {})).data
}
