import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { DatesProvider, DateTimePicker } from '@mantine/dates'
import '@mantine/dates/styles.layer.css'
import 'dayjs/locale/ru'
import { useState } from 'react'
import { formatDateTime } from '#app/lib/format.ts'
import { fromMoscowWallTime, toMoscowWallTime } from './article-form.ts'

const HOUR = 60 * 60 * 1000

/** The next whole hour at least an hour ahead: a sensible first guess for a publication. */
function defaultMoment(now: Date) {
  const next = new Date(now.getTime() + HOUR)
  next.setUTCMinutes(0, 0, 0)
  return next
}

/**
 * «Запланировать»: a date and a time in Moscow's time, the platform's, whatever the editor's own
 * zone; only moments in the future are accepted.
 */
export function ScheduleModal({
  opened,
  onClose,
  onSchedule,
  busy,
}: {
  opened: boolean
  onClose: () => void
  onSchedule: (at: Date) => void
  busy: boolean
}) {
  const [value, setValue] = useState<string | null>(() => toMoscowWallTime(defaultMoment(new Date())))
  const [error, setError] = useState<string | null>(null)

  function submit() {
    if (!value) return setError('Выберите дату и время публикации')
    const at = fromMoscowWallTime(value)
    if (Number.isNaN(at.getTime())) return setError('Выберите дату и время публикации')
    if (at.getTime() <= Date.now()) return setError('Это время уже прошло: выберите момент в будущем')
    onSchedule(at)
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Запланировать публикацию"
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
    >
      <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
        <form
          noValidate
          onSubmit={(event) => {
            // The modal's portal is outside the editor's form in the page, not in React's tree.
            event.preventDefault()
            event.stopPropagation()
            submit()
          }}
        >
          <Stack gap="md">
            <DateTimePicker
              label="Дата и время публикации (по Москве)"
              description="Статья появится в разделе «Медиа» в это время"
              valueFormat="DD.MM.YYYY HH:mm:ss"
              withSeconds
              value={value}
              onChange={(next) => {
                setValue(next)
                setError(null)
              }}
              minDate={toMoscowWallTime(new Date())}
              error={error}
              popoverProps={{ withinPortal: true }}
              submitButtonProps={{ 'aria-label': 'Готово' }}
              timePickerProps={{
                hoursInputLabel: 'Часы',
                minutesInputLabel: 'Минуты',
                secondsInputLabel: 'Секунды',
              }}
              data-autofocus
            />
            {value && !error && (
              <Text size="sm" c="dimmed" role="status">
                Выйдет {formatDateTime(fromMoscowWallTime(value))} по московскому времени
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Отмена
              </Button>
              <Button type="submit" loading={busy}>
                Запланировать
              </Button>
            </Group>
          </Stack>
        </form>
      </DatesProvider>
    </Modal>
  )
}
