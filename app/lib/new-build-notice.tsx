import { Button } from '@mantine/core'
import { RU } from '#common/messages.ts'
import { showNotification } from './notify.ts'

export const NEW_BUILD_NOTIFICATION_ID = 'new-build'

/** Stays until the user reloads: a new release is out. */
export function announceNewBuild() {
  showNotification({
    id: NEW_BUILD_NOTIFICATION_ID,
    title: RU.newBuildTitle,
    message: (
      <>
        {RU.newBuildMessage}{' '}
        <Button size="xs" mt="xs" onClick={() => window.location.reload()}>
          {RU.newBuildReload}
        </Button>
      </>
    ),
    autoClose: false,
  })
}
