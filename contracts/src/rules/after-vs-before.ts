// Form Pengecekan (spec section 5): each After value is compared with the Before value the tire
// man recorded. Lower is green, higher is red. The spec painted equal yellow; every After value
// starts equal to its Before value, so a whole screen of yellow cried wolf (issue 42, item 7): an
// unchanged value is not a warning and stays uncoloured.

export const AFTER_VS_BEFORE = ['equal', 'lower', 'higher'] as const;
export type AfterVsBefore = (typeof AFTER_VS_BEFORE)[number];

/** The spec's colour of each outcome. */
export const AFTER_VS_BEFORE_COLOR: Record<AfterVsBefore, 'neutral' | 'green' | 'red'> = {
  equal: 'neutral',
  lower: 'green',
  higher: 'red',
};

/** Words for screen readers and tests (the colour alone tells nothing to some people). */
export const AFTER_VS_BEFORE_LABEL: Record<AfterVsBefore, string> = {
  equal: 'sama',
  lower: 'lebih rendah',
  higher: 'lebih tinggi',
};

/** Measurements are stored as `real`: differences below this are float noise, not a change. */
const EPSILON = 1e-6;

/**
 * How the After value compares with the Before value; null when either is missing (nothing to
 * compare, no colour).
 */
export function compareAfterBefore(
  after: number | null | undefined,
  before: number | null | undefined,
): AfterVsBefore | null {
  if (after == null || before == null || !Number.isFinite(after) || !Number.isFinite(before)) return null;
  const diff = after - before;
  if (Math.abs(diff) < EPSILON) return 'equal';
  return diff < 0 ? 'lower' : 'higher';
}
