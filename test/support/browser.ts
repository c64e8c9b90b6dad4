// Headless Chromium from Debian's package (/usr/bin/chromium), driven by playwright-core —
// never a browser download. The flags keep it off the network it cannot reach here (no
// background requests, no component updates) and each launch gets a fresh profile.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

export const CHROMIUM = process.env['CAIRN_CHROMIUM'] ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/** Browser tests skip on a machine without Chromium, but never in CI (.ci/run installs it). */
export const skipWithoutChromium = !chromiumAvailable() && process.env['CI'] !== 'true';

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export interface Session {
  browser: Browser;
  context: BrowserContext;
  /** Every request any page of this session made, in order. */
  requests: Request[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  viewport?: { width: number; height: number };
  /** Lets a test inject a script (axe-core) into pages whose policy forbids it; the page's own tests keep the policy. */
  bypassCSP?: boolean;
}

export async function openBrowser({ viewport = { width: 1280, height: 800 }, bypassCSP = false }: BrowserOptions = {}): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), 'cairn-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport, bypassCSP });
  const requests: Request[] = [];
  context.on('request', (request) => requests.push(request));
  return {
    browser: context.browser()!,
    context,
    requests,
    newPage: () => context.newPage(),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
