import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4555';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function login(page, email) {
  await page.goto(base + '/login');
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', 'demo-pass-2026');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(2500);
}
const shots = [];
for (const [w, lang, theme] of [[390, 'en', 'light'], [1366, 'es', 'dark']]) {
  const ctx = await b.newContext({ viewport: { width: w, height: 900 }, colorScheme: theme });
  const page = await ctx.newPage();
  await page.goto(`${base}/affiliate/ava-abbott?lang=${lang}`);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/aff-public-${w}-${lang}.png`, fullPage: true });
  await page.goto(`${base}/?lang=${lang}`);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/home-after-ref-${w}.png` });
  await ctx.close();
  const c2 = await b.newContext({ viewport: { width: w, height: 900 }, colorScheme: theme, locale: lang });
  const p2 = await c2.newPage();
  await login(p2, 'affiliate@demo.test');
  await p2.screenshot({ path: `/tmp/shots/aff-dash-${w}.png`, fullPage: true });
  await p2.goto(base + '/affiliates/profile'); await p2.waitForTimeout(2000);
  await p2.screenshot({ path: `/tmp/shots/aff-profile-${w}.png`, fullPage: true });
  await c2.close();
  const c3 = await b.newContext({ viewport: { width: w, height: 900 }, colorScheme: theme, locale: lang });
  const p3 = await c3.newPage();
  await login(p3, 'super@demo.test');
  await p3.goto(base + '/affiliates/list'); await p3.waitForTimeout(2500);
  await p3.screenshot({ path: `/tmp/shots/aff-list-${w}.png`, fullPage: true });
  await p3.click('text=Ava').catch(() => {});
  await p3.waitForTimeout(2500);
  await p3.screenshot({ path: `/tmp/shots/aff-view-${w}.png`, fullPage: true });
  await c3.close();
}
await b.close();
