import { Grid, type GridColProps, Textarea, TextInput } from '@mantine/core'
import type { ReactNode } from 'react'
import { INN_LEGAL_MASK, INN_PERSON_MASK, KPP_MASK, OGRN_MASK, OGRNIP_MASK, PHONE_MASK } from '#common/masks.ts'
import { ORGANIZATION_LIMITS } from '#common/organizations.schemas.ts'
import { MaskedInput } from '../MaskedInput.tsx'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/** The organization's details a form can ask for; each is written once, here. */
export type OrganizationFieldName =
  | 'shortName'
  | 'fullName'
  | 'inn'
  | 'kpp'
  | 'ogrn'
  | 'legalAddress'
  | 'contactEmail'
  | 'contactPhone'
  | 'website'
  | 'region'
  | 'description'

/** Where a field stands in the form's grid: its name and its width from `sm` up (12 is the whole row). */
export type OrganizationLayout = readonly (readonly [name: OrganizationFieldName, sm: number])[]

/** INN and OGRN: their label, length and mask differ for a sole trader and a legal entity. */
const REGISTRY_NUMBERS = {
  inn: {
    legalEntity: { label: 'ИНН', description: '10 цифр', mask: INN_LEGAL_MASK },
    soleTrader: { label: 'ИНН', description: '12 цифр', mask: INN_PERSON_MASK },
  },
  ogrn: {
    legalEntity: { label: 'ОГРН', description: '13 цифр', mask: OGRN_MASK },
    soleTrader: { label: 'ОГРНИП', description: '15 цифр', mask: OGRNIP_MASK },
  },
}

interface FieldProps {
  name: OrganizationFieldName
  defaultValue?: string
  error?: string
  soleTrader: boolean
  /**
   * The registration form: hints for a first fill (descriptions, examples, the browser's autofill).
   * The editing form shows the stored values without them.
   */
  registering: boolean
}

function OrganizationField({ soleTrader, registering, ...field }: FieldProps): ReactNode {
  const hint = <T,>(value: T) => (registering ? value : undefined)
  switch (field.name) {
    case 'shortName':
      return (
        <TextInput
          label="Краткое наименование"
          description={hint('Так организацию увидят на платформе')}
          placeholder={hint(soleTrader ? 'ИП Иванов И. И.' : 'ООО «Аэросъёмка»')}
          required
          maxLength={ORGANIZATION_LIMITS.shortName}
          autoComplete={hint('organization')}
          {...field}
        />
      )
    case 'fullName':
      return (
        <TextInput
          label="Полное наименование"
          placeholder={hint(
            soleTrader
              ? 'Индивидуальный предприниматель Иванов Иван Иванович'
              : 'Общество с ограниченной ответственностью «Аэросъёмка»',
          )}
          required
          maxLength={ORGANIZATION_LIMITS.fullName}
          {...field}
        />
      )
    case 'inn':
    case 'ogrn': {
      const number = REGISTRY_NUMBERS[field.name][soleTrader ? 'soleTrader' : 'legalEntity']
      return <MaskedInput {...number} inputMode="numeric" required {...field} />
    }
    case 'kpp':
      return soleTrader ? (
        <TextInput label="КПП" description="У ИП нет КПП" disabled value="" readOnly />
      ) : (
        <MaskedInput label="КПП" description={hint('9 символов')} mask={KPP_MASK} required {...field} />
      )
    case 'legalAddress':
      return (
        <TextInput
          label="Юридический адрес"
          placeholder={hint('117312, г. Москва, ул. Вавилова, д. 19')}
          required
          maxLength={ORGANIZATION_LIMITS.address}
          autoComplete="street-address"
          {...field}
        />
      )
    case 'contactEmail':
      return (
        <TextInput label="Электронная почта для связи" type="email" required autoComplete={hint('email')} {...field} />
      )
    case 'contactPhone':
      return (
        <MaskedInput
          label="Телефон для связи"
          mask={PHONE_MASK}
          inputMode="tel"
          autoComplete={hint('tel')}
          required
          {...field}
        />
      )
    case 'website':
      return <TextInput label="Сайт" placeholder="company.ru" autoComplete={hint('url')} {...field} />
    case 'region':
      return (
        <TextInput
          label="Регион"
          placeholder="Москва"
          description="Где вы работаете: покупатели видят его на странице продавца"
          maxLength={ORGANIZATION_LIMITS.region}
          autoComplete="address-level1"
          {...field}
        />
      )
    case 'description':
      return (
        <Textarea
          label="Описание компании"
          description={`Что вы производите или поставляете, сервис и гарантия — для страницы продавца. До ${formatCount(ORGANIZATION_LIMITS.description, CHARACTERS_UP_TO)}.`}
          autosize
          minRows={4}
          maxRows={12}
          maxLength={ORGANIZATION_LIMITS.description}
          {...field}
        />
      )
  }
}

/**
 * The organization's fields as columns of a `Grid`, in the order and widths of `layout`: the
 * registration and the editing forms ask for the same details in the same words, masks and limits.
 */
export function OrganizationFields({
  layout,
  values,
  errors,
  soleTrader,
  registering = false,
}: {
  layout: OrganizationLayout
  /** What the inputs start with. */
  values: (name: OrganizationFieldName) => string | undefined
  errors: Record<string, string | undefined>
  soleTrader: boolean
  registering?: boolean
}) {
  return layout.map(([name, sm]) => {
    const span: GridColProps['span'] = sm === 12 ? 12 : { base: 12, sm }
    // The masks of INN and OGRN change with the legal form, so those inputs start afresh when it does.
    const key = name === 'inn' || name === 'ogrn' ? `${name}-${soleTrader}` : name
    return (
      <Grid.Col key={key} span={span}>
        <OrganizationField
          name={name}
          defaultValue={values(name)}
          error={errors[name]}
          soleTrader={soleTrader}
          registering={registering}
        />
      </Grid.Col>
    )
  })
}
