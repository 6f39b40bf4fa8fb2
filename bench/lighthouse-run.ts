// One Lighthouse run in a browser that is already open (its remote debugging port), for the
// Lighthouse benches: the scores, the metrics behind the performance score, and the accessibility
// audits that did not pass.
import lighthouse, { type Config, type Flags, type RunnerResult } from 'lighthouse';

export interface LighthouseResult {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Lighthouse on `url` (performance and accessibility) with the browser's storage kept (a signed-in
 * page stays signed in), in the mobile preset unless `config` is given. Fails when the page ended
 * elsewhere (a sign-in page instead of the one asked for).
 */
export async function lighthouseRun(
  url: string,
  debugPort: number,
  config?: Config,
): Promise<{ result: LighthouseResult; a11yMisses: string[]; lhr: RunnerResult['lhr'] }> {
  const flags: Flags = {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: true,
  };
  // a run whose trace went wrong (NO_NAVSTART, NO_FCP: "Please run Lighthouse again") has no
  // performance score; it is run again rather than counted as 0
  let out: RunnerResult | undefined;
  for (let attempt = 1; ; attempt++) {
    out = await lighthouse(url, flags, config);
    if (!out) throw new Error('Lighthouse returned nothing');
    if (!out.lhr.runtimeError) break;
    if (attempt === 3)
      throw new Error(`Lighthouse failed 3 times on ${url}: ${out.lhr.runtimeError.message}`);
    console.error(`Lighthouse on ${url}: ${out.lhr.runtimeError.code}, running it again`);
  }
  const { categories: c, audits: a } = out.lhr;
  const route = new URL(url).pathname;
  if (new URL(out.lhr.finalDisplayedUrl).pathname !== route)
    throw new Error(`${route} ended on ${out.lhr.finalDisplayedUrl}`);
  const a11yMisses: string[] = [];
  for (const ref of c.accessibility?.auditRefs ?? []) {
    const audit = a[ref.id];
    if (audit && audit.score !== null && audit.score < 1) a11yMisses.push(`${route}: ${audit.title}`);
  }
  return {
    result: {
      performance: Math.round((c.performance?.score ?? 0) * 100),
      accessibility: Math.round((c.accessibility?.score ?? 0) * 100),
      fcp: a['first-contentful-paint']?.numericValue ?? 0,
      lcp: a['largest-contentful-paint']?.numericValue ?? 0,
      tbt: a['total-blocking-time']?.numericValue ?? 0,
      cls: a['cumulative-layout-shift']?.numericValue ?? 0,
    },
    a11yMisses,
    lhr: out.lhr,
  };
}
