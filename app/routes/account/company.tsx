import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { BankRequisitesBlock } from '#app/components/company/BankRequisitesBlock.tsx'
import { DocumentSettingsBlock } from '#app/components/company/DocumentSettingsBlock.tsx'
import { Exchange1cBlock } from '#app/components/company/Exchange1cBlock.tsx'
import { InvitationBanner } from '#app/components/company/InvitationBanner.tsx'
import { MembersBlock } from '#app/components/company/MembersBlock.tsx'
import { OrganizationDetails } from '#app/components/company/OrganizationDetails.tsx'
import { OrganizationForm } from '#app/components/company/OrganizationForm.tsx'
import { OrganizationSwitcher } from '#app/components/company/OrganizationSwitcher.tsx'
import { RolesBlock } from '#app/components/company/RolesBlock.tsx'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { COMPANY_PATH } from '#app/components/company/company-ui.ts'
import { companyAction } from './company.server.ts'
import type { Route } from './+types/company'
import { quote } from '#common/format.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Компания — личный кабинет — БАС Маркет' }]

/**
 * /personal-account/company: the organization the user works as (details, roles and their
 * verification, members), or the registration form when there is none yet or `?new` asks for
 * another. `?invitation=<token>` offers to accept an invitation from the e-mail.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, ctx } = getAppContext(context)
  // The layout shows guests a sign-in panel instead of this page; nothing to load for them.
  if (!ctx.user) return { signedIn: false as const }
  const orgs = services.organizations
  const url = new URL(request.url)
  const token = url.searchParams.get('invitation')
  const [organizations, invitation] = await Promise.all([
    orgs.listMine(ctx),
    token ? orgs.previewInvitation(ctx, token) : null,
  ])
  const base = {
    signedIn: true as const,
    organizations,
    invitation: token ? { token, details: invitation } : null,
  }
  const selected = organizations.find((o) => o.isSelected) ?? organizations[0]
  if (!selected || url.searchParams.has('new'))
    return { ...base, company: null, companyLookup: orgs.companyLookupEnabled() }
  const company = await loadOrFail(request, async () => {
    const [organization, roles, members] = await Promise.all([
      orgs.get(ctx, selected.id),
      orgs.listRoles(ctx, selected.id),
      orgs.listMembers(ctx, selected.id),
    ])
    const manager = members.myRole !== 'member'
    const confirmedVendor = roles.some((role) => role.type === 'vendor' && role.status === 'confirmed')
    const [joinRequests, exchange1c] = await Promise.all([
      manager ? orgs.listJoinRequests(ctx, selected.id) : [],
      // The exchange with 1С is set up by the managers of a confirmed vendor, for the organization worked as.
      manager && confirmedVendor && selected.isSelected ? services.exchange1c.settings(ctx) : null,
    ])
    return { organization, roles, members, joinRequests, exchange1c }
  })
  return { ...base, company, companyLookup: false }
}

export const action = ({ request, context }: Route.ActionArgs) => companyAction(request, context)

export default function CompanyRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return null
  const { organizations, invitation, company, companyLookup } = loaderData
  const selected = organizations.find((o) => o.isSelected) ?? organizations[0]
  const isSeller = Boolean(company?.roles.some((role) => role.type === 'vendor'))
  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        Компания
      </Title>
      {invitation && <InvitationBanner token={invitation.token} details={invitation.details} />}
      {company ? (
        <>
          <OrganizationSwitcher organizations={organizations} selectedId={company.organization.id} />
          <OrganizationDetails organization={company.organization} />
          <BankRequisitesBlock organization={company.organization} isSeller={isSeller} />
          <DocumentSettingsBlock organization={company.organization} isSeller={isSeller} />
          <RolesBlock
            organizationId={company.organization.id}
            roles={company.roles}
            canManage={company.members.myRole !== 'member'}
          />
          {company.exchange1c && <Exchange1cBlock settings={company.exchange1c} />}
          <MembersBlock
            organizationId={company.organization.id}
            members={company.members}
            joinRequests={company.joinRequests}
          />
        </>
      ) : (
        <Stack gap="md">
          {selected ? (
            <Group gap="xs">
              <Text>Вы регистрируете ещё одну организацию.</Text>
              <Anchor component={AppLink} to={COMPANY_PATH}>
                Вернуться к {quote(selected.name)}
              </Anchor>
            </Group>
          ) : (
            <Text c="dimmed" maw={720}>
              Чтобы покупать или продавать на платформе, зарегистрируйте организацию. Если ваша компания уже есть на
              платформе, укажите её ИНН — мы предложим попросить владельца добавить вас.
            </Text>
          )}
          <OrganizationForm companyLookup={companyLookup} />
        </Stack>
      )}
    </Stack>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
