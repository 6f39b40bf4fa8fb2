// Business constants of spec section 9.

/** The product's one name: the app's title bar, the login card, the browser tab and every PDF header. */
export const PRODUCT_NAME = 'Integrated Tire Management Solutions';

export const PAGE_SIZES = {
  validation: { options: [15, 50, 100], default: 15 },
  tireMan: { options: [10, 100, 200], default: 10 },
  master: { options: [5, 10, 20], default: 10 },
  replacementTireSearch: { options: [10, 50, 100], default: 10 },
  leaderboard: { options: [10], default: 10 },
  dashboardProductivity: { options: [8], default: 8 },
  dashboardNews: { options: [5], default: 5 },
  dashboardLeaderboard: { options: [5], default: 5 },
  dashboardSummary: { options: [100], default: 100 },
} as const;

/** Largest page a list endpoint serves, whatever the client asks. */
export const MAX_PAGE_SIZE = 200;

export const RTD_MIN = 0;
export const RTD_MAX = 24;
export const PSI_MIN = 0;
export const PSI_MAX = 200;

export const SIGNATURE_PAD_CHECK = { width: 500, height: 350 } as const;
export const SIGNATURE_PAD_REPLACEMENT = { width: 500, height: 500 } as const;

export const DRAWER_WIDTH = 240;
export const DESKTOP_BREAKPOINT = 960;
export const SERIAL_SEARCH_DEBOUNCE_MS = 500;
export const ROW_REDIRECT_DELAY_MS = 2000;
export const DEFAULT_PRODUCTIVITY_START = '2020-01-01';
/** Checks a tire man is expected to make per day (spec section 9). */
export const CHECKS_PER_TIREMAN_PER_DAY = 16;
