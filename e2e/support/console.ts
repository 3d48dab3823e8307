import { CONSOLE_NAV_TEXTS, UNSAVED_CHANGES_TEXTS } from '@giot-hong/contract';
import type { Page } from 'playwright-core';
import { loginThroughForm, startSession, type Account, type Session } from './accounts.ts';

/** The office desktop the console is used on (the 1366 px screen). */
export const OFFICE = { width: 1366, height: 768 };

/** Logs in on /dang-nhap as a person does (staff type their authenticator's code) and waits for the overview. */
export async function loginToConsole(page: Page, account: Account) {
  await page.goto('/dang-nhap');
  await loginThroughForm(page, account);
  await page.waitForURL((u) => u.pathname === '/quan-tri');
}

/**
 * Opens the console with a session made through the API (stored before the page loads), for the
 * tests whose subject is not the login: one form login per flow is enough (console-access).
 */
export async function openConsole(page: Page, session: Session, path = '/quan-tri') {
  await startSession(page, session);
  await page.goto(path);
}

/** The menu button of phones and tablets (the sidebar shows every section from 1024 px on). */
export const menuButton = (page: Page, includeHidden = false) =>
  page.getByRole('button', { name: new RegExp(`^${CONSOLE_NAV_TEXTS.menu}`), includeHidden });

/** The console's navigation as the screen offers it: the sidebar, or the drawer after opening it. */
export async function consoleNav(page: Page) {
  // The page is drawn (its heading), and with it the menu button: always in the page, hidden by CSS
  // where the sidebar shows.
  await page.locator('main h1').first().waitFor();
  await menuButton(page, true).waitFor({ state: 'attached' });
  // The server's frame of the page has the menu button too, without its handler: a tap on it is
  // held until the application has taken over (server-rendering.e2e.ts tests that), and given up if
  // that takes seconds on a loaded machine. These tests are about the console: they wait for it.
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('button')].some(
        (b) =>
          (b.getAttribute('aria-label') ?? b.textContent ?? '').trim().startsWith(name) &&
          Object.keys(b).some((k) => k.startsWith('__reactProps$')),
      ),
    CONSOLE_NAV_TEXTS.menu,
  );
  if (await menuButton(page).isVisible()) await menuButton(page).click();
  const nav = page.getByRole('navigation', { name: CONSOLE_NAV_TEXTS.label });
  await nav.waitFor();
  return nav;
}

/** Goes to a section of the console through its navigation (opening the menu on a phone). */
export async function openSection(page: Page, section: string) {
  const nav = await consoleNav(page);
  await nav.getByRole('link', { name: section, exact: false }).first().click();
}

/** The "unsaved changes" question, once it is asked. */
export const leaveDialog = (page: Page) => page.getByRole('dialog', { name: UNSAVED_CHANGES_TEXTS.title });

/** The message under a labelled input (its aria-describedby error), or null. */
export async function errorUnder(page: Page, label: string | RegExp): Promise<string | null> {
  const ids = (await page.getByLabel(label).first().getAttribute('aria-describedby')) ?? '';
  const id = ids.split(' ').find((i) => i.endsWith('-error'));
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}
