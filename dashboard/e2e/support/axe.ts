// axe-core in a page of the running app (the page must be opened with bypassCSP: axe is injected as a script).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsSettled } from './app.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = process.env.UX_SCREENSHOTS;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Serious and critical violations against WCAG 2.x A/AA and axe's best practices. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => JSON.stringify(node.target))
          .join(', ')})`,
    );
}

/**
 * The screen as it stands passes axe in the light and the dark theme (the system setting, switched in
 * place: the dark theme is pure CSS), once its toasts have gone. With UX_SCREENSHOTS=<folder> each is saved,
 * toasts included, as <name>-<theme>.png.
 */
export async function expectAxeCleanInBothThemes(page: Page, name: string): Promise<void> {
  const dark = await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Colours fade to the new theme (transition-colors): read them once they have arrived.
    await animationsSettled(page);
    // The screen as the student sees it: a full-page shot misplaces the fixed header, toasts and dialogs.
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}-${colorScheme}.png`) });
    // A toast leaves after 4 s and reads as faint to axe while it fades: check the screen that stays, once no toast
    // has shown for half a second (a second toast may follow the first: "Your plan is ready", then another).
    for (let quiet = 0; quiet < 2;) {
      const toast = page.locator('[data-sonner-toast]').first();
      if ((await toast.count()) > 0) {
        await toast.waitFor({ state: 'detached', timeout: 10_000 });
        quiet = 0;
      } else {
        quiet += 1;
        await page.waitForTimeout(250);
      }
    }
    expect(await seriousViolations(page), `${name} in the ${colorScheme} theme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
}
