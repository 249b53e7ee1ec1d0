import { expectNoSeriousViolations } from './a11y.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { newPerson } from './people.ts'

/** Staff read the log in Russian, not in the server's codes (the outbox and the jobs: staff-labels.test.ts). */
test('the audit log names its actions, objects and statuses in Russian', async ({ browser }) => {
  const staff = await newPerson(browser, 'staff@example.com')
  await staff.goto('/personal-account/staff/audit')
  await waitForHydration(staff)
  const log = staff.getByRole('table', { name: 'Журнал действий' })
  // The demo's vendor was confirmed by staff: its entry, with the statuses it moved between.
  await expect(log.getByText('Роль организации подтверждена').first()).toBeVisible()
  await expect(log.getByText(/Было: На проверке\s+Стало: Подтверждена/).first()).toBeVisible()
  await expect(log).not.toContainText('organization_role.approve')
  await expect(log).not.toContainText('to: confirmed')

  // The filter offers the actions by their names, and filters by the chosen one.
  await staff.getByLabel('Действие').selectOption({ label: 'Роль организации подтверждена' })
  await staff.getByRole('search', { name: 'Фильтр журнала' }).getByRole('button', { name: 'Найти' }).click()
  await expect(staff).toHaveURL(/action=organization_role\.approve/)
  await expect(log.getByText('Роль организации подтверждена').first()).toBeVisible()
  await expectNoSeriousViolations(staff)
})
