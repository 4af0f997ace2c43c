import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
// A fresh embedded database for every run, exactly as `npm start` makes it on a new machine.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
// The specs read the server's outbox there (e-mails written as .eml); workers inherit it.
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
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
    },
    stdout: 'pipe',
  },
});
