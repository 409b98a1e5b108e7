import { defineConfig } from '@playwright/test';

// No `npx playwright install` here (no internet): drive Debian's chromium (apt-get install -y chromium).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A port of the tests' own, not `npm start`'s 4173: a person with the app open can still run
// `npm test`. KUBEPLAY_E2E_PORT moves it (two test runs side by side).
const PORT = Number(process.env.KUBEPLAY_E2E_PORT ?? 4317);

export default defineConfig({
  testDir: './e2e',
  // The 50-worker frame-rate measurement (issue 11) does not meet its target yet and takes minutes:
  // `npm run e2e:scale` runs it on its own; `npm test` leaves it out.
  // The scale view's measurements (issue 14, scale-view.spec.ts) take minutes too.
  testIgnore: process.env.KUBEPLAY_E2E_SCALE ? [] : ['**/graph-scale.spec.ts', '**/scale-view.spec.ts'],
  // Lessons 2-4 in Russian repeat their English runs in the other language (minutes each, and `npm test`
  // has a 30-minute budget): `npm run e2e:lessons` runs every lesson in both languages. `npm test` keeps
  // every lesson in English and lesson 1 (with the start screen) in Russian.
  grepInvert: process.env.KUBEPLAY_E2E_LESSONS ? undefined : /lesson [2-9][^ ]* can be completed end to end \(ru\)/,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    // A common laptop screen; twice the pixels so the screenshots of the graph can be read when zoomed.
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 2,
    // The app follows the system's theme and language until one is picked (preferences.ts):
    // Playwright's default emulates a light scheme, the specs were written for the dark default.
    colorScheme: 'dark',
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Serves the production build; `npm run e2e` runs `vite build` first.
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    // Never test whatever already answers on the port (an old build, someone else's server): start
    // our own, and fail with Playwright's "already used" message if the port is taken.
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
