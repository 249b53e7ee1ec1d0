/**
 * Whether a drone must be registered, from its maximum takeoff weight (kg). Russian rules:
 * unmanned aircraft from 0.15 to 30 kg are put on the federal register (учёт) with a number
 * on the airframe; above 30 kg they need state registration as civil aircraft.
 */
export const REGISTRATION_REQUIREMENTS = ['none', 'account', 'state'] as const
export type RegistrationRequirement = (typeof REGISTRATION_REQUIREMENTS)[number]

export const REGISTRATION_ACCOUNT_FROM_KG = 0.15
export const REGISTRATION_STATE_ABOVE_KG = 30

export function registrationRequirement(maxTakeoffWeightKg: number | null | undefined): RegistrationRequirement {
  if (maxTakeoffWeightKg == null || maxTakeoffWeightKg < REGISTRATION_ACCOUNT_FROM_KG) return 'none'
  return maxTakeoffWeightKg > REGISTRATION_STATE_ABOVE_KG ? 'state' : 'account'
}

export const REGISTRATION_NOTICES: Record<Exclude<RegistrationRequirement, 'none'>, string> = {
  account:
    'Максимальная взлётная масса от 0,15 до 30 кг: беспилотник нужно поставить на учёт в течение 10 рабочих дней после покупки и нанести учётный номер на корпус.',
  state:
    'Максимальная взлётная масса больше 30 кг: беспилотник подлежит государственной регистрации как гражданское воздушное судно, а полёты требуют сертификата лётной годности.',
}
