import { Anchor, Divider, Drawer, Stack } from '@mantine/core'
import { AppLink } from '../AppLink.tsx'
import { MantineScope } from '../MantineScope.tsx'
import { MobileAccount } from './MobileAccount.tsx'
import { INFO_LINKS, MAIN_NAV, PLATFORM_LINKS, USER_ENTRIES } from './nav-links.ts'

/** The phone menu: main sections, the user's entries, platform and info pages. */
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <MantineScope>
      <Drawer opened={opened} onClose={onClose} title="Меню" position="right" size="85%">
        <nav aria-label="Основное меню">
          <Stack gap="xs">
            {MAIN_NAV.map((link) => (
              <Anchor key={link.to} component={AppLink} to={link.to} size="lg" fw={600}>
                {link.label}
              </Anchor>
            ))}
            <Divider my="xs" />
            {USER_ENTRIES.map(({ to, label }) => (
              <Anchor key={to} component={AppLink} to={to}>
                {label}
              </Anchor>
            ))}
            <Divider my="xs" />
            <MobileAccount onClose={onClose} />
            <Divider my="xs" />
            {[...PLATFORM_LINKS, ...INFO_LINKS].map((link) => (
              <Anchor key={link.to} component={AppLink} to={link.to} c="dimmed">
                {link.label}
              </Anchor>
            ))}
          </Stack>
        </nav>
      </Drawer>
    </MantineScope>
  )
}
