import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { AppLink } from '../AppLink.tsx'

export interface Crumb {
  to: string
  label: string
}

/** Breadcrumbs, the page's only h1, and its lead paragraph. */
export function PageHeader({
  title,
  lead,
  crumbs,
  children,
}: {
  title: string
  lead?: string
  crumbs: Crumb[]
  children?: ReactNode
}) {
  return (
    <Stack gap="sm" mb="xl">
      <nav aria-label="Хлебные крошки">
        <Breadcrumbs separator="›" styles={{ root: { flexWrap: 'wrap' } }}>
          <Anchor component={AppLink} to="/" size="sm">
            Главная
          </Anchor>
          {crumbs.map((crumb) => (
            <Anchor key={crumb.to} component={AppLink} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ))}
        </Breadcrumbs>
      </nav>
      <Title order={1}>{title}</Title>
      {lead && (
        <Text size="lg" c="dimmed" maw={820}>
          {lead}
        </Text>
      )}
      {children}
    </Stack>
  )
}
