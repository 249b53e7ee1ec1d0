import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core'
import { PLATFORM } from '#content/company.ts'
import { AppLink } from '../AppLink.tsx'
import { INFO_LINKS, LEGAL_LINKS, type NavLink, PLATFORM_LINKS } from './nav-links.ts'
import classes from './SiteFooter.module.css'

function LinkColumn({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <Stack gap={6}>
      <Title order={2} size="h5" c="white">
        {title}
      </Title>
      {links.map((link) => (
        <Anchor key={link.to} component={AppLink} to={link.to} className={classes.link}>
          {link.label}
        </Anchor>
      ))}
    </Stack>
  )
}

export function SiteFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={48}>
        <div className={classes.columns}>
          <Stack gap={6}>
            <Text fw={800} size="xl" c="white">
              {PLATFORM.brand}
            </Text>
            <Text size="sm" className={classes.muted}>
              {PLATFORM.tagline}
            </Text>
            <Anchor href={PLATFORM.contacts.phoneHref} className={classes.link}>
              {PLATFORM.contacts.phone}
            </Anchor>
            <Anchor href={`mailto:${PLATFORM.contacts.email}`} className={classes.link}>
              {PLATFORM.contacts.email}
            </Anchor>
            <Text size="sm" className={classes.muted}>
              {PLATFORM.contacts.workingHours}
            </Text>
          </Stack>
          <LinkColumn title="Сервисы платформы" links={PLATFORM_LINKS} />
          <LinkColumn title="Информация" links={INFO_LINKS} />
          <LinkColumn title="Правовая информация" links={LEGAL_LINKS} />
        </div>
        <Text size="xs" mt={40} className={classes.muted}>
          © {new Date().getFullYear()} {PLATFORM.operator.shortName}. ИНН {PLATFORM.operator.inn}, ОГРН{' '}
          {PLATFORM.operator.ogrn}.
        </Text>
      </Container>
    </Box>
  )
}
