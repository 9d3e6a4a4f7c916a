// The Chromium the end-to-end tests drive (DESIGN.md): CHROMIUM_PATH, else Debian's
// /usr/bin/chromium, else the binary @sparticuz/chromium unpacks. Never a download.
import { existsSync } from 'node:fs';

export async function resolveChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}
