import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { ADMIN, startTestStack, type TestStack } from '../support/test-stack';

let stack: TestStack;

const page = useBrowserPage();
beforeAll(async () => {
  stack = await startTestStack({ serveWeb: true });
});
afterAll(() => stack?.stop());

const pathname = () => new URL(page.url()).pathname;

async function signIn(email = ADMIN.email, password = ADMIN.password) {
  await page.goto(`${stack.url}/login`);
  await page.getByPlaceholder('Enter your email or username').fill(email);
  await page.getByPlaceholder('Enter password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('signing in', () => {
  it('shows the login card and lands on the dashboard after success, keeping the session in local storage', async () => {
    await page.goto(`${stack.url}/login`);
    await expect.poll(() => page.getByRole('heading', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.getByText('Price Comparison Dashboard').isVisible()).toBe(true);

    await signIn();
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();

    expect(pathname()).toBe('/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^ey/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData'))) ?? '{}')).toEqual(
      expect.objectContaining({ email: ADMIN.email, role: 'admin' }),
    );
  });

  it('signs in with a username typed in the form, as the Add user dialog promises', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email or username').fill(ADMIN.username);
    await page.getByPlaceholder('Enter password').fill(ADMIN.password);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Login' }).click();
    const login = await answered;
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();

    // Sent as a username: no '@', so not an e-mail.
    expect(login.request().postDataJSON()).toEqual({ username: ADMIN.username, password: ADMIN.password });
    expect(pathname()).toBe('/dashboard');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData'))) ?? '{}')).toEqual(
      expect.objectContaining({ username: ADMIN.username, email: ADMIN.email }),
    );
  });

  it('disables the button while signing in and shows the server’s error above the form for a wrong password', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByPlaceholder('Enter your email or username').fill(ADMIN.email);
    await page.getByPlaceholder('Enter password').fill('not-the-password');
    // The sign-in is held in the browser until the busy button has been seen: test stacks answer it
    // at once (their password hashes are cheap), sooner than a look could catch.
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Login' }).click();

    const busy = page.getByRole('button', { name: 'Logging in...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    answer();
    const alert = page.getByRole('alert');
    await alert.waitFor();

    expect(await alert.textContent()).toContain('Invalid email/username or password');
    expect(pathname()).toBe('/login');
    expect(await page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
  });
});

describe('routes', () => {
  it('sends a signed-out visitor of /products to /login', async () => {
    await page.goto(`${stack.url}/products`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();

    expect(pathname()).toBe('/login');
  });

  it('sends a signed-in user from /login to /dashboard', async () => {
    await signIn();
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();

    await page.goto(`${stack.url}/login`);
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();

    expect(pathname()).toBe('/dashboard');
  });

  it('sends unknown paths to /login when signed out and to /dashboard when signed in', async () => {
    await page.goto(`${stack.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    const signedOut = pathname();

    await signIn();
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
    await page.goto(`${stack.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();

    expect(signedOut).toBe('/login');
    expect(pathname()).toBe('/dashboard');
  });

  it('moves around the shell with the nav buttons, marking the active one', async () => {
    await signIn();
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();

    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    const productsActive = await page.getByRole('link', { name: 'Products' }).getAttribute('aria-current');
    await page.getByRole('link', { name: 'Competitors' }).click();
    await page.getByRole('heading', { name: 'Competitor URLs' }).waitFor();
    await page.getByRole('link', { name: 'Check My Price' }).click();
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();

    expect(productsActive).toBe('page');
    expect(pathname()).toBe('/dashboard');
  });
});

describe('the user menu', () => {
  it('shows initials, first name, role and e-mail, and logs out to /login, ending the session', async () => {
    await signIn();
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('authToken'));

    const trigger = page.getByRole('button', { name: 'AD, User menu' });
    expect(await trigger.textContent()).toBe('AD');
    await trigger.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const menuText = await menu.textContent();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Login' }).waitFor();

    expect(menuText).toContain('Admin');
    expect(menuText).toContain('Administrator');
    expect(menuText).toContain(ADMIN.email);
    expect(pathname()).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
    expect((await stack.api('GET /api/auth/status', { token: token ?? '' })).body.isAuthenticated).toBe(
      false,
    );
  });

  it('works from the keyboard alone: sign in, move to Products, open the user menu and log out', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByPlaceholder('Enter your email or username').focus();
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
    await tabTo(page, page.getByRole('link', { name: 'Products' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'AD, User menu' }));
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('End');
    const chosen = await page.evaluate(() => document.activeElement?.textContent?.trim());
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Login' }).waitFor();

    expect(chosen).toBe('Log out');
    expect(pathname()).toBe('/login');
  });

  it('goes to /login, forgetting the token, when a data call answers 401', async () => {
    await signIn();
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    // The session ends on the server; the page still holds the token it had.
    await stack.api('POST /api/auth/logout', { token: token ?? '' });

    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/products');
    await page.getByRole('link', { name: 'Products' }).click();
    const productsCall = await answered;
    await page.getByRole('heading', { name: 'Login' }).waitFor();

    expect(productsCall.status()).toBe(401);
    expect(pathname()).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  it('signs out on the next visit when the session was ended elsewhere', async () => {
    await signIn();
    await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    await stack.api('POST /api/auth/logout', { token: token ?? '' });

    await page.goto(`${stack.url}/products`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();

    expect(pathname()).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });
});
