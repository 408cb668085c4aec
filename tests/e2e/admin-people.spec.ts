import { expectNoSeriousAxeViolations } from './axe.ts'
import { expect, expectToast, signIn, test, TEST_ADMIN } from './admin-fixtures.ts'

/** The People page: an admin invites, the invitee accepts in a browser of their own and is signed in. */
test.describe('People', () => {
  test('an admin invites someone; they open the link in a fresh browser, choose a password and land signed in', async ({ page, adminSite, browser }) => {
    await signIn(page, adminSite.url)
    await page.goto(`${adminSite.url}/admin/people`)
    await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeFocused()
    await expect(page.getByRole('row', { name: new RegExp(`${TEST_ADMIN.displayName} \\(${TEST_ADMIN.username}\\) \\(you\\)`) })).toBeVisible()
    await expectNoSeriousAxeViolations(page, { where: '/admin/people' })

    // An empty name is said at its field, which takes focus.
    await page.getByRole('button', { name: 'Create invitation link' }).click()
    const name = page.getByLabel('Name', { exact: true })
    await expect(name).toBeFocused()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription('Enter the name of the person you invite.')

    await name.fill('Ann Author')
    await page.getByLabel('Role', { exact: true }).selectOption('editor')
    await page.getByRole('button', { name: 'Create invitation link' }).click()
    const linkField = page.getByLabel('Invitation link (shown once)')
    await expect(linkField).toBeFocused()
    await expect(linkField).toHaveAccessibleDescription(/No e-mail address was given: hand the link over yourself\./)
    const link = await linkField.inputValue()
    expect(link).toMatch(new RegExp(`^${adminSite.url}/admin/invite#[A-Za-z0-9_-]{43}$`))
    await expect(page.getByRole('row', { name: /Ann Author/ }).getByText('Pending')).toBeVisible()

    const invitee = await browser.newContext()
    try {
      const joining = await invitee.newPage()
      await joining.goto(link)
      await expect(joining.getByRole('heading', { name: 'Join the team' })).toBeFocused()
      await expect(joining.getByText(`${TEST_ADMIN.displayName} invites Ann Author to join as editor.`)).toBeVisible()
      await expect(joining.getByLabel('Username')).toHaveValue('ann-author')
      await expect(joining.getByLabel('Password')).toHaveAccessibleDescription(/15 characters or more is better/)
      await expectNoSeriousAxeViolations(joining, { where: '/admin/invite' })

      await joining.getByLabel('E-mail').fill('ann@example.com')
      await joining.getByLabel('Password').fill('password')
      await joining.getByRole('button', { name: 'Join the team' }).click()
      // The server's policy, at the field: a common password.
      const password = joining.getByLabel('Password')
      await expect(password).toBeFocused()
      await expect(password).toHaveAttribute('aria-invalid', 'true')
      await expect(joining.getByText('Password is one of the most common passwords; choose another.')).toBeVisible()

      await password.fill('a long and uncommon passphrase')
      await joining.getByRole('button', { name: 'Join the team' }).click()
      await expect(joining).toHaveURL(/\/admin\/blog$/)
      await expect(joining.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
      const me = await joining.request.get(`${adminSite.url}/api/auth/me`)
      expect(await me.json()).toEqual({ username: 'ann-author', displayName: 'Ann Author', role: 'editor' })

      // The link worked once.
      const again = await invitee.newPage()
      await again.goto(link)
      await expect(again.getByRole('alert')).toHaveText(/already used/)
    } finally {
      await invitee.close()
    }

    await page.reload()
    await expect(page.getByRole('row', { name: /Ann Author/ }).filter({ hasText: 'Accepted' })).toContainText('joined as ann-author')
    await expect(page.getByRole('combobox', { name: 'Role of Ann Author' })).toHaveValue('editor')
    await expectNoSeriousAxeViolations(page, { where: '/admin/people with a teammate and an invitation' })
  })

  test('the last enabled admin is kept, said in their row; removing asks first and says commits keep their name', async ({ page, adminSite, browser }) => {
    await signIn(page, adminSite.url)
    const invited = await page.request.post(`${adminSite.url}/api/admin/people/invitations`, { data: { displayName: 'Bo Writer', role: 'author' } })
    const token = ((await invited.json()) as { link: string }).link.split('#')[1]
    // Bo accepts in a browser of their own (its cookies are Bo's, not the admin's).
    const bo = await browser.newContext()
    const accepted = await bo.request.post(`${adminSite.url}/api/auth/invitations/accept`, {
      data: { token, username: 'bo', email: 'bo@example.com', password: 'a long and uncommon passphrase' },
    })
    await bo.close()
    expect(accepted.status()).toBe(201)
    await page.goto(`${adminSite.url}/admin/people`)

    const myRole = page.getByRole('combobox', { name: `Role of ${TEST_ADMIN.displayName}` })
    await myRole.selectOption('author')
    const myRow = page.getByRole('row', { name: new RegExp(`\\(${TEST_ADMIN.username}\\) \\(you\\)`) })
    await expect(myRow.getByRole('alert')).toHaveText(/at least one enabled admin/)
    await expect(myRole).toHaveAccessibleDescription(/at least one enabled admin/)
    await expect(myRole).toHaveValue('admin')

    // Bo's session (from accepting) ends from here; the admin's own row has no such button.
    await page.getByRole('button', { name: 'Sign out everywhere Bo Writer' }).click()
    await expectToast(page, { title: 'Success', description: 'Bo Writer was signed out everywhere (1 session ended)' })
    await expect(myRow.getByRole('button', { name: /Sign out everywhere/ })).toHaveCount(0)

    let question = ''
    page.once('dialog', (dialog) => {
      question = dialog.message()
      void dialog.accept()
    })
    await page.getByRole('button', { name: 'Remove Bo Writer' }).click()
    // Gone from the team; the invitation it came from stays listed, accepted.
    await expect(page.getByRole('region', { name: 'Team' }).getByRole('row', { name: /Bo Writer/ })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Invitations' }).getByRole('row', { name: /Bo Writer/ })).toContainText('joined as bo')
    expect(question).toContain('Their commits keep their name')
  })

  test('a revoked link tells the invitee why it cannot be used', async ({ page, adminSite }) => {
    await signIn(page, adminSite.url)
    await page.goto(`${adminSite.url}/admin/people`)
    await page.getByLabel('Name', { exact: true }).fill('Cy Later')
    await page.getByRole('button', { name: 'Create invitation link' }).click()
    const link = await page.getByLabel('Invitation link (shown once)').inputValue()
    await page.getByRole('button', { name: 'Revoke the invitation of Cy Later' }).click()
    await expect(page.getByRole('row', { name: /Cy Later/ })).toContainText('Revoked')
    await page.goto(link)
    await expect(page.getByRole('alert')).toHaveText(/withdrawn/)
  })
})
