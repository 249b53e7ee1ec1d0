import { Stack, Text, Title } from '@mantine/core'
import { data } from 'react-router'
import { AUTH_MESSAGES } from '#common/auth.ts'
import { isAppError } from '#common/errors.ts'
import { RU } from '#common/messages.ts'
import { zodFieldErrors } from '#app/components/auth/auth-errors.ts'
import { EmailSection } from '#app/components/profile/EmailSection.tsx'
import { PasswordSection } from '#app/components/profile/PasswordSection.tsx'
import { PersonalDataSection } from '#app/components/profile/PersonalDataSection.tsx'
import {
  PROFILE_INTENTS,
  type ProfileActionResult,
  type ProfileIntent,
  SCHEMAS,
  SECRET_FIELDS,
} from '#app/components/profile/profile-forms.ts'
import { SessionsSection } from '#app/components/profile/SessionsSection.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { actionFailure, formValues } from '#app/lib/action-result.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import type { Route } from './+types/profile'

export const meta: Route.MetaFunction = pageMeta(() => [
  { title: 'Профиль — БАС Маркет' },
  { name: 'robots', content: 'noindex' },
])

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

/** A guest gets the layout's sign-in panel instead of this page: nothing to load then. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  if (!ctx.user) return { profile: null }
  const [me, sessions, pendingEmail] = await Promise.all([
    services.identity.whoami(ctx),
    services.identity.listSessions(ctx),
    services.identity.pendingEmailChange(ctx),
  ])
  return {
    profile: { name: me.name, email: me.email, phone: me.phone, emailConfirmed: me.emailConfirmed },
    pendingEmail: pendingEmail && { email: pendingEmail.email, expiresAt: pendingEmail.expiresAt.toISOString() },
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
      current: s.current,
    })),
  }
}

function refuse(values: Record<string, string>, fieldErrors: Record<string, string>, status = 400) {
  const result: ProfileActionResult = { ok: false, message: RU.invalidRequest, fieldErrors, values }
  return data(result, { status })
}

/** Every form of the page posts here with its `intent`; the identity service does the work. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, ctx } = getAppContext(context)
  const form = await request.formData()
  const all = formValues(form)
  // Passwords never travel back to the page, not even to refill a refused form.
  const values = Object.fromEntries(Object.entries(all).filter(([key]) => !SECRET_FIELDS.includes(key)))
  if (!ctx.user) {
    const signedOut: ProfileActionResult = {
      ok: false,
      signedOut: true,
      message: AUTH_MESSAGES.signInRequired,
      fieldErrors: {},
      values,
    }
    return data(signedOut, { status: 401 })
  }

  const intent = all.intent as ProfileIntent
  if (!PROFILE_INTENTS.includes(intent)) return refuse(values, {})
  if (intent in SCHEMAS) {
    const parsed = SCHEMAS[intent as keyof typeof SCHEMAS].safeParse(all)
    if (!parsed.success) return refuse(values, zodFieldErrors(parsed.error))
  }

  const identity = services.identity
  try {
    if (intent === 'profile') await identity.updateProfile(ctx, { name: all.name, phone: all.phone ?? '' })
    if (intent === 'email') await identity.changeEmail(ctx, { email: all.email, password: all.password })
    if (intent === 'cancelEmailChange') await identity.cancelPendingEmailChange(ctx)
    if (intent === 'confirmEmail') await identity.requestEmailConfirmation(ctx)
    if (intent === 'password') {
      await identity.changePassword(ctx, { currentPassword: all.currentPassword, newPassword: all.newPassword })
    }
    if (intent === 'endOtherSessions') await identity.endOtherSessions(ctx)
    if (intent === 'endSession') {
      try {
        await identity.endSession(ctx, all.sessionId ?? '')
      } catch (error) {
        // Already ended (elsewhere, or it expired): what the user wanted has happened.
        if (!isAppError(error) || error.kind !== 'not_found') throw error
      }
    }
  } catch (error) {
    return actionFailure(error, values)
  }
  const done: ProfileActionResult = { ok: true, intent }
  return done
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.profile) return null
  const { profile, sessions, pendingEmail } = loaderData
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Профиль</Title>
        <Text c="dimmed" mt={4}>
          Личные данные, адрес для входа, пароль и устройства, на которых выполнен вход.
        </Text>
      </div>
      <PersonalDataSection me={profile} />
      <EmailSection email={profile.email} confirmed={profile.emailConfirmed} pending={pendingEmail ?? null} />
      <PasswordSection email={profile.email} />
      <SessionsSection sessions={sessions ?? []} />
    </Stack>
  )
}
