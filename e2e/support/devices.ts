import type { Locator } from '@playwright/test';

/** The two widths every screen is tested at: a phone with touch, and a laptop. */
export const devices = [
  { width: 390, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { width: 1280, use: { viewport: { width: 1280, height: 800 } } },
];

/** Taps on a touch screen, clicks otherwise. */
export const pressFor = (device: (typeof devices)[number]) => (target: Locator) =>
  ('hasTouch' in device.use ? target.tap() : target.click());
