import { addUser } from '@cmp/functions/auth/users';
import { formatDateTime } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { openSignedIn, tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The Schedule card of the Check My Price tab (issue 16): an admin sets daily at 07:30 by keyboard,
 * sees the next run (in the card and the panel's 'Next scheduled run'), and a reload keeps it; staff
 * see it read-only.
 */
const { stack, token } = await signedInStack({
  serveWeb: true,
  env: { SCRAPE_SCHEDULE: 'cron(0 6 * * ? *)', SCHEDULE_ENABLED: 'true' },
});
const STAFF = { email: 'sam@example.com', password: 'sam-password-1' };
await addUser({ email: STAFF.email, username: 'sam', firstName: 'Sam', password: STAFF.password });

// The app shows times in the browser's zone; UTC makes them the schedule's own.
const page = useBrowserPage({ timezoneId: 'UTC' });

const card = () => page.getByRole('form', { name: 'Schedule' });
const fact = (term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
const savedSchedule = async () => (await stack.api('GET /api/scraper/schedule', { token })).body.schedule;

describe('the Schedule card', () => {
  it('lets an admin set daily at 07:30 by keyboard, shows the next run, and keeps it after a reload', async () => {
    await openSignedIn(page, stack.url, '/dashboard?tab=check');
    await card().getByRole('switch', { name: 'Run scheduled price checks' }).waitFor();
    await expectAccessible(page);
    const panelNextBefore = await page.getByText(/^Next scheduled run: /).textContent();

    const time = card().getByLabel('Time of day, UTC');
    await tabTo(page, time);
    await time.fill('07:30');
    await tabTo(page, card().getByRole('button', { name: 'Save schedule' }));
    await page.keyboard.press('Enter');
    await page.locator('.Toastify').getByText('Schedule saved').waitFor();
    await fact('Expression').getByText('cron(30 7 * * ? *)').waitFor();

    const saved = await savedSchedule();
    const next = saved.next_run_at ?? '';
    expect(saved).toMatchObject({ enabled: true, expression: 'cron(30 7 * * ? *)', timezone: 'UTC' });
    expect(next).toMatch(/T07:30:00\.000Z$/);
    expect(await fact('Next run').textContent()).toBe(`${formatDateTime(next, 'UTC')} UTC`);
    expect(await fact('Time zone').textContent()).toBe('UTC');
    // The panel's own line follows the save, without a reload.
    await page.getByText(`Next scheduled run: ${formatDateTime(next, 'UTC')}`).waitFor();
    expect(panelNextBefore).not.toBe(`Next scheduled run: ${formatDateTime(next, 'UTC')}`);

    await page.reload();
    await fact('Expression').getByText('cron(30 7 * * ? *)').waitFor();
    expect(await card().getByLabel('Time of day, UTC').inputValue()).toBe('07:30');
    expect(await card().getByRole('radio', { name: 'Daily at' }).isChecked()).toBe(true);
  });

  it('refuses an expression EventBridge would not take, saying why beside the field', async () => {
    await openSignedIn(page, stack.url, '/dashboard?tab=check');
    await card().getByRole('radio', { name: 'Advanced expression' }).check();
    await card().getByLabel('EventBridge schedule expression').fill('cron(0 6 * * * *)');
    await card().getByRole('button', { name: 'Save schedule' }).click();

    await card()
      .getByText(/\? in exactly one of day-of-month and day-of-week/)
      .waitFor();
    expect((await savedSchedule()).expression).toBe('cron(30 7 * * ? *)');
  });

  it('lets an admin turn scheduled checks off', async () => {
    await openSignedIn(page, stack.url, '/dashboard?tab=check');
    await card().getByRole('switch', { name: 'Run scheduled price checks' }).uncheck();
    await card().getByRole('button', { name: 'Save schedule' }).click();

    await fact('Next run').getByText('None: scheduled checks are off').waitFor();
    await page.getByText('Scheduled runs are off').waitFor();
    expect((await savedSchedule()).enabled).toBe(false);
    await stack.api('PUT /api/scraper/schedule', {
      token,
      body: { enabled: true, expression: 'cron(30 7 * * ? *)' },
    });
  });

  it('shows staff the schedule read-only, with the reason', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByPlaceholder('Enter your email or username').fill(STAFF.email);
    await page.getByPlaceholder('Enter password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
    await page.goto(`${stack.url}/dashboard?tab=check`);
    await fact('Expression').getByText('cron(30 7 * * ? *)').waitFor();
    await expectAccessible(page);

    const note = await page.getByText('Only an administrator can change the schedule').count();
    const controls = await card()
      .locator('input')
      .evaluateAll((inputs) => inputs.every((input) => input.matches(':disabled')));
    const saveButtons = await card().getByRole('button', { name: 'Save schedule' }).count();

    expect(note).toBe(1);
    expect(controls).toBe(true);
    expect(saveButtons).toBe(0);
  });
});
