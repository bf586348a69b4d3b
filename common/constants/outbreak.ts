/** How serious an outbreak is, most serious first; the order cases are listed in. */
export const OUTBREAK_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type OutbreakSeverity = (typeof OUTBREAK_SEVERITIES)[number];

/** Where a case came from: two public feeds and the dated snapshot bundled with Medora. */
export const OUTBREAK_SOURCES = ['who-don', 'disease-sh', 'snapshot'] as const;
export type OutbreakSourceName = (typeof OUTBREAK_SOURCES)[number];

/** Cases a visitor sees, and a signed-in user. */
export const OUTBREAK_CASE_LIMITS = { visitor: 3, signedIn: 9 } as const;

export const REPORT_TIERS = ['summary', 'full', 'detailed'] as const;
export type ReportTier = (typeof REPORT_TIERS)[number];
export const DEFAULT_REPORT_TIER: ReportTier = 'full';

/** Prices in cents; the server charges these and nothing the browser sends. */
export const REPORT_PRICES: Record<ReportTier, number> = { summary: 4999, full: 9999, detailed: 19999 };
export const REPORT_ACCESS_DAYS = 7;

/** A report purchase: waiting for the card, paid (downloadable until it expires), or the card payment failed. */
export const REPORT_PURCHASE_STATUSES = ['pending', 'paid', 'failed'] as const;
export type ReportPurchaseStatus = (typeof REPORT_PURCHASE_STATUSES)[number];

/** Data whose newest report is older than this is out of date: the monitor, checkout and PDF say so. */
export const OUTBREAK_STALE_AFTER_DAYS = 30;

/** The language the reporting agencies publish disease, country and agency names in. */
export const OUTBREAK_SOURCE_LANGUAGE = 'en';

/**
 * What a record counts: one outbreak in one country, or a running total (a worldwide tally, or a
 * country's cumulative count since reporting began) that overlaps the outbreaks and is never added
 * to them.
 */
export const OUTBREAK_SCOPES = ['outbreak', 'running-total'] as const;
export type OutbreakScope = (typeof OUTBREAK_SCOPES)[number];

/** The four figures of the monitor's totals, each summed over the outbreaks that report it. */
export const OUTBREAK_FIGURES = ['confirmed', 'active', 'recovered', 'deaths'] as const;
export type OutbreakFigure = (typeof OUTBREAK_FIGURES)[number];
