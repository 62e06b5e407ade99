/** The two widths every screen is tested at: a phone with touch, and a laptop. */
export const devices = [
  { width: 390, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { width: 1280, use: { viewport: { width: 1280, height: 800 } } },
];
