import { ActionIcon } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'
import classes from './chat.module.css'

/** On a phone the room takes the screen: this returns to the list. */
export function BackToList() {
  const [, setSearchParams] = useSearchParams()
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label="К списку чатов"
      title="К списку чатов"
      className={classes.back}
      onClick={() =>
        setSearchParams(
          (params) => {
            params.delete('roomId')
            return params
          },
          { replace: true, preventScrollReset: true },
        )
      }
    >
      <IconArrowLeft size={20} aria-hidden="true" />
    </ActionIcon>
  )
}
