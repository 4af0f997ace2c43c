import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
// A fresh embedded database for every run, exactly as `npm start` makes it on a new machine.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
// Workers inherit it: the specs read there what the test SMTP server received (smtp-inbox/).
process.env.E2E_DATA_DIR = dataDir;
// The test SMTP server (e2e/smtp-inbox.ts, started once by globalSetup in the runner, never here: this
// file is evaluated again in every worker). A fixed loopback port, by default 500 below the web port
// (3199 → 2699) so that two runs on one machine do not meet; a server started by hand for E2E_PORT
// needs SMTP_URL=smtp://127.0.0.1:<this port> (and PUBLIC_URL=http://localhost:<E2E_PORT> for the links).
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port - 500);
process.env.E2E_SMTP_PORT = String(smtpPort);

export default defineConfig({
  testDir: './tests',
  globalSetup: './smtp-inbox.ts',
  // One output folder per port: several runs on one machine must not clobber each other's traces.
  outputDir: path.join(import.meta.dirname, '..', 'test-results', String(port)),
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-EC',
    timezoneId: 'America/Guayaquil',
    viewport: { width: 1366, height: 768 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    cwd: path.join(import.meta.dirname, '..'),
    url: `http://localhost:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      LOGIN_RATE_MAX: '1000',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: `http://localhost:${port}`,
      // A message that found the SMTP server not yet listening is retried within seconds.
      MAIL_RETRY_BASE_SECONDS: '2',
    },
    stdout: 'pipe',
  },
});
