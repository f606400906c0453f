import { expect, type Page } from '@playwright/test';
import { totpCode } from '../../src/server/security/totp';
import { logIn, OWNER, register, testWithAdminServer } from './admin-server';

/** Served as http://localhost:<port>, a valid WebAuthn relying party, unlike 127.0.0.1. */
const test = testWithAdminServer({}, { hostname: 'localhost' });
test.describe.configure({ mode: 'serial' });

const logOut = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
};

const passwordStep = async (page: Page) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin\/login\/code$/);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
};

const codeStep = async (page: Page, code: string) => {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
};

/** Waits out the last seconds of a 30-second step, so that codes computed now stay in their step. */
async function awayFromStepEdge() {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

test('adds a passkey, signs in with it by the button and by autofill, and removes it', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  page.on('dialog', (dialog) => void dialog.accept());

  await register(page);
  await logIn(page);
  await page.goto('/admin/security');
  await page.getByLabel('Passkey name').fill('This browser');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('This browser');

  // Autofill: the page asks for a passkey from the browser's suggestions as it loads, before
  // anything is focused, so the first touch of the e-mail field already offers it; Chromium's
  // virtual authenticator answers such a wait with the passkey it holds.
  await page.addInitScript(() => {
    const seen: { requests: { mediation: string | undefined; focused: boolean }[]; focused: boolean } = { requests: [], focused: false };
    (window as unknown as { passkeyProbe: typeof seen }).passkeyProbe = seen;
    document.addEventListener('focusin', () => (seen.focused = true), { capture: true });
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      seen.requests.push({ mediation: options?.mediation, focused: seen.focused });
      return get(options);
    };
  });
  // Signed out without the Log Out button, whose page would ask at once, before the probe is in place.
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(`Welcome, ${OWNER.email}`)).toBeVisible();
  const probe = await page.evaluate(() => (window as unknown as { passkeyProbe: { requests: { mediation: string | undefined; focused: boolean }[] } }).passkeyProbe);
  expect(probe.requests[0]).toEqual({ mediation: 'conditional', focused: false });

  // The button, in a browser without autofill for passkeys.
  await page.addInitScript(() => {
    if (window.PublicKeyCredential) window.PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await page.reload();
  await logOut(page);
  await page.getByLabel('Email').focus();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/admin/security');
  await expect(page.getByRole('table')).toContainText('Signed in with a passkey (This browser)');
  await page.getByRole('button', { name: 'Remove This browser' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
});

test('turns on the authenticator app, then signs in with a computed code, with a recovery code, and fails with a reused one', async ({ page }) => {
  await logIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!;
  await expect(page.getByText(/otpauth:\/\/totp\//)).toBeVisible();
  await awayFromStepEdge();
  // The previous step's code confirms, so the current one is still unused for the sign-in.
  await page.getByLabel('Code from the app').fill(await totpCode(secret, Math.floor(Date.now() / 1000) - 30));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allTextContents();
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

  await logOut(page);
  await passwordStep(page);
  await codeStep(page, await totpCode(secret));
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(`Welcome, ${OWNER.email}`)).toBeVisible();

  await logOut(page);
  await passwordStep(page);
  await codeStep(page, recovery[0]!);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await logOut(page);
  await passwordStep(page);
  await codeStep(page, recovery[0]!);
  await expect(page.getByRole('alert')).toHaveText('Invalid code.');
  await expect(page).toHaveURL(/\/admin\/login\/code$/);

  await codeStep(page, recovery[1]!);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/security');
  await expect(page.getByText('Recovery codes left: 8')).toBeVisible();
  const activity = page.getByRole('table');
  await expect(activity).toContainText('Signed in with a recovery code');
  await expect(activity).toContainText('Signed in with an authenticator code');
  await expect(activity).toContainText('127.0.0.x');
});

