/** Roles of an organization (spec section 1) and their Russian labels. */
export const ROLE_TYPES = ['buyer', 'vendor'] as const
export type RoleType = (typeof ROLE_TYPES)[number]
export const ROLE_LABELS: Record<RoleType, string> = { buyer: 'Покупатель', vendor: 'Поставщик' }

/** Verification of a role by platform staff: new → moderation → confirmed | needFixes. */
export const VERIFICATION_STATUSES = ['new', 'moderation', 'confirmed', 'needFixes'] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]
export const VERIFICATION_LABELS: Record<VerificationStatus, string> = {
  new: 'Новая заявка',
  moderation: 'На проверке',
  confirmed: 'Подтверждена',
  needFixes: 'Требует доработки',
}

/** What a member may do inside the organization. */
export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]
export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Владелец',
  admin: 'Администратор',
  member: 'Сотрудник',
}

/** Organizational and legal forms a marketplace participant registers with (ОПФ). */
export const LEGAL_FORMS = ['ooo', 'ao', 'pao', 'zao', 'gup', 'mup', 'fgbu', 'gku', 'mku', 'ano', 'ip'] as const
export type LegalForm = (typeof LEGAL_FORMS)[number]
export const LEGAL_FORM_LABELS: Record<LegalForm, string> = {
  ooo: 'ООО',
  ao: 'АО',
  pao: 'ПАО',
  zao: 'ЗАО',
  gup: 'ГУП',
  mup: 'МУП',
  fgbu: 'ФГБУ',
  // State and municipal institutions funded by the budget: the buyers of 44-ФЗ procurement.
  gku: 'ГКУ',
  mku: 'МКУ',
  ano: 'АНО',
  ip: 'ИП',
}

/** An individual entrepreneur has a 12-digit INN, an OGRNIP and no KPP; everyone else is a legal entity. */
export function isSoleTrader(form: LegalForm): boolean {
  return form === 'ip'
}

/** A request to join an organization, decided by its owners and administrators. */
export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number]

/** The whoami contract (ARCHITECTURE.md and issue "Accounts and organizations"). */
export interface WhoamiRole {
  type: RoleType
  confirmed: boolean
  status: VerificationStatus
}

export interface WhoamiOrganization {
  id: string
  name: string
  inn: string
  isSelected: boolean
  memberRole: MemberRole
  roles: WhoamiRole[]
}

export interface WhoamiUser {
  id: string
  email: string
  /** Whether the account proved it reads mail at `email` (accounts from before confirmation may not have). */
  emailConfirmed: boolean
  name: string
  phone: string | null
  isStaff: boolean
  organizations: WhoamiOrganization[]
}

/** Spec section 4: what the client derives from the selected organization. */
export function deriveSessionFlags(user: WhoamiUser | null) {
  const selected = user?.organizations.find((o) => o.isSelected)
  const vendor = selected?.roles.find((r) => r.type === 'vendor')
  return {
    isAuthenticated: user !== null,
    isConfirmed: Boolean(selected?.roles.some((r) => r.confirmed)),
    isSeller: Boolean(vendor),
    isSellerConfirmed: Boolean(vendor?.confirmed),
  }
}
