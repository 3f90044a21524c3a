import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  chromium,
  type Locator,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';
import { inject } from 'vitest';
import { buildApp } from '../../apps/server/src/app';
import { type AppConfig, loadConfig } from '../../apps/server/src/config';
import { testTempDir } from '../../apps/server/test/temp-dir';
import { e2eStart, type MovableClock, runningClock } from './clock';

const here = path.dirname(fileURLToPath(import.meta.url));
/** A phone for the mobile site's journeys (375 x 812, touch, a phone's user agent). */
export const phone: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

export const screenshotDir = path.resolve(here, '../screenshots');

export interface Harness {
  baseUrl: string;
  browser: Browser;
  /**
   * A fresh browser context (own cookies) and page, its clock set to the server's; `options`
   * change the context (a phone: `phone` below).
   */
  newPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** The server's clock (support/clock.ts): starts at E2E_NOW; `set` moves it. */
  clock: MovableClock;
  /** Saves e2e/screenshots/<name>.png (full page). */
  shot(page: Page, name: string): Promise<void>;
  /** Logs a context in as a demo store (its password is the demo one) through the API. */
  signInBuyer(context: BrowserContext, phone: string): Promise<void>;
  /** Logs an operator into the console through its login page (the demo password). */
  signInOperator(page: Page, username: string): Promise<void>;
  /** SMS codes the server sent, newest last (the log SMS provider keeps them). */
  app: Awaited<ReturnType<typeof buildApp>>;
  close(): Promise<void>;
}

/**
 * Starts the real server on a free port over a fresh embedded database with the demo data,
 * serving the built SPAs, and launches Debian's Chromium through playwright-core. `overrides`
 * change the server's configuration (a real provider pointed at a local double, say).
 */
export async function startHarness(overrides: Partial<AppConfig> = {}): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(testTempDir(), 'yaocai-e2e-'));
  // A copy of the database the global setup migrated and seeded once.
  cpSync(inject('e2eTemplateDir'), dataDir, { recursive: true });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir }),
    port: 0,
    host: '127.0.0.1',
    logLevel: 'warn',
    ...overrides,
  };
  const clock = runningClock(e2eStart());
  const app = await buildApp({ config, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no server address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  mkdirSync(screenshotDir, { recursive: true });
  return {
    baseUrl,
    browser,
    app,
    clock,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1366, height: 900 },
        locale: 'zh-CN',
        // As a person who asked for less motion: the SPAs then show dialogs and drop-downs at once
        // (web-client reduced-motion.ts), so a press never lands on a control still moving in.
        reducedMotion: 'reduce',
        // The journeys' own API calls (context.request) are not made by a page, so they would
        // carry no Origin; send the one every page of the site sends (the CSRF check needs it).
        extraHTTPHeaders: { origin: baseUrl },
        ...options,
      });
      // The page's Date reads the server's clock (its timers run on as usual).
      await context.clock.install({ time: clock.now() });
      // Every page of the context (popups too) is watched for console errors (consoleProblems).
      context.on('page', watchConsole);
      const page = await context.newPage();
      return { context, page };
    },
    async signInBuyer(context, phone) {
      const response = await context.request.post(`${baseUrl}/api/user/login`, {
        form: { username: phone, password: 'Demo@123456' },
      });
      if (response.status() !== 200)
        throw new Error(`login ${phone}: ${response.status()} ${await response.text()}`);
    },
    async signInOperator(page, username) {
      await page.goto('/admin/login');
      await page.getByTestId('admin-username').fill(username);
      await page.getByTestId('admin-password').fill('Admin@123456');
      await page.getByTestId('admin-login-submit').click();
      await page.getByTestId('admin-operator').waitFor();
    },
    async shot(page, name) {
      await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
    },
    async close() {
      await browser.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      // What a page logged after the last test's check (support/console-check.ts).
      const late = takeConsoleProblems();
      if (late.length > 0) throw new Error(consoleReport(late));
    },
  };
}

/**
 * The console check of every journey: each page a harness context opens is watched, and every
 * console error or uncaught exception it shows fails the test that was running
 * (support/console-check.ts runs the check after each test). The only lines a test may allow are
 * the ones Chromium itself prints for a request the journey provokes to be refused on purpose
 * ("Failed to load resource: the server responded with a status of 422"), one
 * `expectRefusal(status, path)` each; anything else is a product fault to fix, not to allow.
 */
const problems: string[] = [];
const refusals: { status: number; path: RegExp }[] = [];
const failedResource = /^Failed to load resource: the server responded with a status of (\d{3})/;

function watchConsole(page: Page) {
  const at = () => {
    try {
      return new URL(page.url()).pathname;
    } catch {
      return page.url();
    }
  };
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text().split('\n')[0];
    const resource = message.location().url;
    const status = failedResource.exec(text)?.[1];
    if (status && isExpectedRefusal(Number(status), resource)) return;
    problems.push(`${at()}: ${status ? `${text} [${resource}]` : text}`);
  });
  page.on('pageerror', (error) => problems.push(`${at()}: uncaught ${error.name}: ${error.message}`));
}

function isExpectedRefusal(status: number, resource: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(resource).pathname;
  } catch {
    return false;
  }
  return refusals.some((r) => r.status === status && r.path.test(pathname));
}

/**
 * Allows, until the running test ends, the console line Chromium prints when a call to `path`
 * answers `status`: for a refusal the test provokes on purpose (a 422 of an invalid form).
 */
export function expectRefusal(status: number, path: RegExp): void {
  if (status < 400 || status > 499) throw new Error('only refusals (4xx) may be expected');
  refusals.push({ status, path });
}

/** The console problems seen since the last call; forgets the test's expected refusals. */
export function takeConsoleProblems(): string[] {
  refusals.length = 0;
  return problems.splice(0);
}

export const consoleReport = (lines: string[]) =>
  `The browser console was not clean (${lines.length}):\n${lines.map((l) => `  ${l}`).join('\n')}`;

/**
 * Collects the page's console errors and uncaught exceptions as "<path>: <text>", a failed
 * resource with its URL ("Failed to load resource: ... 422 ... [http://host/api/upload]"), so a
 * journey can tell an expected refusal from a fault.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  const at = () => new URL(page.url()).pathname;
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text().split('\n')[0];
    const where = message.location().url;
    errors.push(`${at()}: ${text.startsWith('Failed to load resource') ? `${text} [${where}]` : text}`);
  });
  page.on('pageerror', (error) => errors.push(`${at()}: ${error.message}`));
  return errors;
}

/**
 * Presses the primary button of the open confirmation dialog (antd modal.confirm) once and returns
 * once the dialog closed, that is once its call answered. For a call expected to succeed: a
 * refused one keeps the dialog open, so press those with pressForAnswer.
 */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Presses a button (a confirmation's, a form's) once and answers the response of the call it
 * sends: for a call expected to be refused, where the dialog stays open.
 */
export async function pressForAnswer(
  page: Page,
  button: Locator,
  isCall: (url: string) => boolean,
): Promise<Response> {
  const sent = page.waitForRequest((r) => r.method() !== 'GET' && isCall(r.url()));
  await button.click();
  const response = await (await sent).response();
  if (!response) throw new Error('the call sent no response');
  return response;
}

/**
 * Moves the open shop (or console) to `url` as its own links do (the router follows the history
 * entry), without loading the page again: a full load costs the browser 0.5 to 1.2 s of work, a
 * move within the app a fraction of it. Resolves once the page has sent no request for half a
 * second (what `waitUntil: 'networkidle'` waits for after a load), so what it shows is complete.
 */
export async function navigateInApp(page: Page, url: string, quietMs = 500): Promise<void> {
  // The requests sent since the move began (one sent before it and ending after is not counted).
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    pending.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    pending.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, url);
    lastChange = Date.now();
    const deadline = Date.now() + 30_000;
    while (pending.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) throw new Error(`${url}: the network never went quiet`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
