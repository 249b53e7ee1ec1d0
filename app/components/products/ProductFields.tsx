import {
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { AREA_OPTIONS, type AttributeDef } from '#common/catalog/attributes.ts'
import { CATEGORIES, categoryTrail, isAccessoryCategory, isLeafCategory } from '#common/catalog/categories.ts'
import { AVAILABILITIES, AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import { VAT_RATE_LABELS, VAT_RATES } from '#common/catalog/vat.ts'
import { formAttributes } from '#common/products.schemas.ts'
import { PRODUCT_LIMITS } from '#common/products.ts'
import { REGION_OPTIONS } from '#common/regions.ts'
import { kopecksToRubles } from '#app/lib/price-input.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { ModelPicker } from './ModelPicker.tsx'
import { FitsPicker } from './FitsPicker.tsx'
import type { CabinetProductDetails } from './product-types.ts'

// Tiptap and its styles load with the form only, never with the public pages.
const DescriptionEditor = lazy(() => import('./DescriptionEditor.tsx'))

/** The leaves a product can be put in, under their roots: drones, then payloads and parts. */
const CATEGORY_GROUPS = CATEGORIES.filter((c) => c.parent === null).map((root) => ({
  group: root.title,
  items: CATEGORIES.filter((c) => isLeafCategory(c.slug) && categoryTrail(c.slug)[0] === root).map((c) => ({
    value: c.slug,
    label: c.title,
  })),
}))

/** The form's field errors by field name (`price`, `spec.flight_time`). */
export type FieldErrors = Record<string, string>

function Section({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  )
}

/** A characteristic's input, by its kind in the registry; `spec.<code>` in the posted form. */
function SpecField({ def, value, error }: { def: AttributeDef; value: unknown; error?: string }) {
  const name = `spec.${def.code}`
  const label = def.kind === 'number' ? `${def.title}, ${def.unit}` : def.title
  switch (def.kind) {
    case 'number':
      return (
        <TextInput
          name={name}
          label={label}
          inputMode="decimal"
          withAsterisk={def.required}
          defaultValue={typeof value === 'number' ? String(value).replace('.', ',') : ''}
          error={error}
        />
      )
    case 'boolean':
      return (
        <NativeSelect
          name={name}
          label={label}
          defaultValue={value === true ? 'yes' : value === false ? 'no' : ''}
          data={[
            { value: '', label: 'Не указано' },
            { value: 'yes', label: 'Да' },
            { value: 'no', label: 'Нет' },
          ]}
          error={error}
        />
      )
    case 'text':
      return <TextInput name={name} label={label} defaultValue={typeof value === 'string' ? value : ''} error={error} />
    case 'enum':
      if (def.multiple) {
        const chosen = Array.isArray(value) ? value : []
        return (
          <Checkbox.Group label={label} error={error} defaultValue={chosen}>
            <Group gap="md" mt={6}>
              {def.options.map((o) => (
                <Checkbox key={o.value} name={name} value={o.value} label={o.label} />
              ))}
            </Group>
          </Checkbox.Group>
        )
      }
      return (
        <NativeSelect
          name={name}
          label={label}
          withAsterisk={def.required}
          defaultValue={typeof value === 'string' ? value : ''}
          data={[{ value: '', label: 'Не указано' }, ...def.options.map((o) => ({ value: o.value, label: o.label }))]}
          error={error}
        />
      )
  }
}

/**
 * The product's fields, uncontrolled: the browser posts them as they are, with JavaScript (the
 * page saves as the vendor types) or without. The category decides which characteristics show.
 */
export function ProductFields({
  product,
  errors,
  onValueChange,
  onAttachModel,
  locked,
  media,
}: {
  product: CabinetProductDetails | null
  errors: FieldErrors
  /** A change no input event tells the form of: the description editor's, the region picker's. */
  onValueChange: () => void
  /** Attaches the product to a catalogue model, or detaches it (null). */
  onAttachModel: (modelId: string | null) => void
  /** With staff: nothing can be changed. */
  locked: boolean
  /** Photos and documents, after the main fields: they save through their own endpoints. */
  media?: ReactNode
}) {
  const [categorySlug, setCategorySlug] = useState(product?.categorySlug ?? '')
  const [onRequest, setOnRequest] = useState(product?.priceOnRequest ?? false)
  const [availability, setAvailability] = useState<string>(product?.availability ?? 'in_stock')
  const [description, setDescription] = useState(product?.description ?? '')
  // The editor is browser-only.
  const hydrated = useHydrated()
  const descriptionLabel = useId()
  const specs = (product?.specs ?? {}) as Record<string, unknown>
  const attached = Boolean(product?.modelId)
  const skuInput = (
    <TextInput
      name="sku"
      label="Артикул"
      description="Уникален в вашем каталоге"
      withAsterisk
      maxLength={PRODUCT_LIMITS.sku}
      defaultValue={product?.sku ?? ''}
      error={errors.sku}
    />
  )

  return (
    <Stack gap="lg">
      <ModelPicker product={product} disabled={locked} onAttach={onAttachModel} />
      {attached ? (
        <Section title="Ваш товар" description="Артикул в вашем каталоге: по нему обновляет товар загрузка из файла">
          <input type="hidden" name="modelAttached" value="1" />
          {skuInput}
        </Section>
      ) : (
        <Section title="Основное">
          <TextInput
            name="title"
            label="Название"
            description="Так товар называется в каталоге и в поиске"
            withAsterisk
            maxLength={PRODUCT_LIMITS.title}
            defaultValue={product?.title ?? ''}
            error={errors.title}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              name="brand"
              label="Бренд"
              withAsterisk
              maxLength={PRODUCT_LIMITS.brand}
              defaultValue={product?.brand ?? ''}
              error={errors.brand}
            />
            <TextInput
              name="model"
              label="Модель"
              withAsterisk
              maxLength={PRODUCT_LIMITS.model}
              defaultValue={product?.model ?? ''}
              error={errors.model}
            />
            {skuInput}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              name="partNumber"
              label="Партномер (P/N)"
              description="Необязательно: номер модели у производителя, по нему её находят другие продавцы"
              maxLength={60}
              defaultValue={product?.partNumber ?? ''}
              error={errors.partNumber}
            />
            <TextInput
              name="gtin"
              label="GTIN (штрихкод)"
              description="Необязательно: EAN-13 или другой GTIN"
              inputMode="numeric"
              maxLength={20}
              defaultValue={product?.gtin ?? ''}
              error={errors.gtin}
            />
          </SimpleGrid>
          <NativeSelect
            name="categorySlug"
            label="Категория"
            withAsterisk
            value={categorySlug}
            onChange={(e) => setCategorySlug(e.currentTarget.value)}
            data={[{ value: '', label: 'Выберите категорию' }, ...CATEGORY_GROUPS]}
            error={errors.categorySlug}
          />
        </Section>
      )}
      {!attached && isAccessoryCategory(categorySlug) && (
        <FitsPicker
          initial={product?.fits ?? []}
          disabled={locked}
          error={errors.fitsModelIds}
          onChange={onValueChange}
        />
      )}

      {!attached && media}

      <Section title="Цена и наличие">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            name="price"
            label="Цена, ₽"
            inputMode="decimal"
            withAsterisk={!onRequest}
            disabled={onRequest}
            defaultValue={kopecksToRubles(product?.priceKopecks ?? null)}
            error={errors.price}
          />
          <NativeSelect
            name="vatRate"
            label="НДС в цене"
            defaultValue={product?.vatRate ?? '22'}
            data={VAT_RATES.map((rate) => ({ value: rate, label: VAT_RATE_LABELS[rate] }))}
            error={errors.vatRate}
          />
        </SimpleGrid>
        <Checkbox
          name="priceOnRequest"
          label="Цена по запросу"
          description="Покупатели увидят «Цена по запросу» и напишут вам"
          checked={onRequest}
          onChange={(e) => setOnRequest(e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            name="availability"
            label="Наличие"
            value={availability}
            onChange={(e) => setAvailability(e.currentTarget.value)}
            data={AVAILABILITIES.map((a) => ({ value: a, label: AVAILABILITY_LABELS[a] }))}
            error={errors.availability}
          />
          <TextInput
            name="leadTimeDays"
            label="Срок поставки, дней"
            inputMode="numeric"
            withAsterisk={availability === 'to_order'}
            defaultValue={product?.leadTimeDays?.toString() ?? ''}
            error={errors.leadTimeDays}
          />
          <TextInput
            name="stockQuantity"
            label="Количество на складе"
            description="Необязательно"
            inputMode="numeric"
            defaultValue={product?.stockQuantity?.toString() ?? ''}
            error={errors.stockQuantity}
          />
        </SimpleGrid>
      </Section>

      <Section
        title="Условия продажи"
        description="Покупатели сравнивают их с предложениями других продавцов этой модели"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            name="warrantyMonths"
            label="Гарантия, месяцев"
            description="0 — без гарантии; пусто — не указывать"
            inputMode="numeric"
            defaultValue={product?.warrantyMonths?.toString() ?? ''}
            error={errors.warrantyMonths}
          />
          <TextInput
            name="minOrderQuantity"
            label="Минимальный заказ, шт."
            inputMode="numeric"
            defaultValue={(product?.minOrderQuantity ?? 1).toString()}
            error={errors.minOrderQuantity}
          />
        </SimpleGrid>
        <MultiSelect
          name="deliveryRegions"
          label="Регионы доставки"
          description="Оставьте пустым, если доставляете по всей России"
          placeholder="Начните вводить название региона"
          data={REGION_OPTIONS}
          defaultValue={product?.deliveryRegions ?? []}
          searchable
          nothingFoundMessage="Такого региона нет"
          error={errors.deliveryRegions}
          onChange={onValueChange}
        />
      </Section>

      {!attached && (
        <>
          <Section
            title="Описание"
            description="Абзацы, списки, выделение и ссылки. Опишите назначение, комплект и условия поставки."
          >
            <div>
              <Text id={descriptionLabel} size="sm" fw={500} mb={4}>
                Описание товара <span aria-hidden="true">*</span>
              </Text>
              {hydrated ? (
                <>
                  <input type="hidden" name="description" value={description} />
                  <Suspense fallback={<DescriptionPlaceholder />}>
                    <DescriptionEditor
                      value={description}
                      labelId={descriptionLabel}
                      invalid={Boolean(errors.description)}
                      onChange={(html) => {
                        setDescription(html)
                        onValueChange()
                      }}
                    />
                  </Suspense>
                </>
              ) : (
                // Before the page is interactive (and without JavaScript) the HTML in a text area.
                <textarea
                  name="description"
                  defaultValue={description}
                  rows={8}
                  aria-labelledby={descriptionLabel}
                  style={{ width: '100%', font: 'inherit' }}
                />
              )}
              {errors.description && (
                <Text size="sm" c="red" mt={4}>
                  {errors.description}
                </Text>
              )}
            </div>
          </Section>

          <Section title="Сферы применения" description="По ним товар находят на страницах сфер и в фильтре каталога">
            <Checkbox.Group defaultValue={product?.areas ?? []} error={errors.areas} aria-label="Сферы применения">
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
                {AREA_OPTIONS.map((o) => (
                  <Checkbox key={o.value} name="areas" value={o.value} label={o.label} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </Section>

          <Section
            title="Характеристики"
            description={
              categorySlug
                ? 'Отмеченные звёздочкой нужны для модерации'
                : 'Выберите категорию, чтобы заполнить характеристики'
            }
          >
            {categorySlug && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {formAttributes(categorySlug).map((def) => (
                  <SpecField key={def.code} def={def} value={specs[def.code]} error={errors[`spec.${def.code}`]} />
                ))}
              </SimpleGrid>
            )}
          </Section>
        </>
      )}
    </Stack>
  )
}

/** What stands where the editor will be until it has loaded. */
function DescriptionPlaceholder() {
  return <Paper withBorder mih={220} radius="sm" aria-hidden="true" />
}
