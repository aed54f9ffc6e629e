import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The WCAG 2.2 A and AA rules (and their 2.0 and 2.1 predecessors) axe-core checks. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * WCAG rules that this axe-core still marks experimental (off by default) but newer ones, such as
 * the axe-core in Lighthouse, run: 2.5.3 Label in Name (a control's accessible name contains its
 * visible text, so speech users can say what they see).
 */
const EXTRA_RULES = ['label-content-name-mismatch', 'landmark-unique'];

/**
 * Rules that fail a page whatever axe calls their impact: two landmarks of one name (axe says
 * moderate) leave a screen-reader user unable to tell them apart in the landmark list.
 */
const ALWAYS_FAIL = ['landmark-unique'];

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, naming
 * the rule, the page (`where`) and the elements, so a journey checks every screen it passes.
 */
export async function expectNoSeriousViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_AA)
    .options({ rules: Object.fromEntries(EXTRA_RULES.map((rule) => [rule, { enabled: true }])) })
    .analyze();
  const serious = results.violations.filter(
    (violation) =>
      violation.impact === 'serious' || violation.impact === 'critical' || ALWAYS_FAIL.includes(violation.id),
  );
  const report = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 5)
        .map(
          (node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`,
        )
        .join('\n  ')}`,
  );
  expect(report, `axe-core on ${where}`).toEqual([]);
}
