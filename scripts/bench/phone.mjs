// The phone the browser benchmarks emulate (first-chart.mjs, redraw.mjs): Lighthouse's phone profile, through
// the Chrome DevTools Protocol, and a mid-range phone's screen.

/** Lighthouse's phone throttling ("mobileSlow4G"), in CDP's units: bytes per second and ms; CPU 4× slower. */
export const PHONE = {
  network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  cpu: 4,
};

/** A mid-range phone's screen (Lighthouse's Moto G Power), as Playwright's context options. */
export const DEVICE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/**
 * setRate(rate): slows the page's main thread `rate` times (1: full speed), through a CDP session kept open
 * (an emulation ends with the session that set it).
 */
export async function cpuThrottle(page) {
  const cdp = await page.context().newCDPSession(page);
  return (rate) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
