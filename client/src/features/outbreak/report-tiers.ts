import { REPORT_PRICES, REPORT_TIERS, type ReportTier } from '@common/constants/outbreak';

export type TierOffer = { tier: ReportTier; name: string; price: number; features: string[]; popular?: boolean };

/** What each report contains, as the PDF is built; prices are the server's list. */
export const TIER_OFFERS: TierOffer[] = [
  {
    tier: 'summary',
    name: 'Summary Report',
    price: REPORT_PRICES.summary,
    features: ['Summary statistics', 'The 25 most severe outbreaks', 'Severity chart'],
  },
  {
    tier: 'full',
    name: 'Full Report',
    price: REPORT_PRICES.full,
    popular: true,
    features: ['Everything in Summary', 'Every tracked outbreak', 'Per-country breakdown and charts'],
  },
  {
    tier: 'detailed',
    name: 'Detailed Report',
    price: REPORT_PRICES.detailed,
    features: ['Everything in Full', "Each case's source agency", "Each case's last update"],
  },
];

export const offerFor = (tier: ReportTier) => TIER_OFFERS.find((o) => o.tier === tier)!;

export const readTier = (value: string | null): ReportTier | null =>
  (REPORT_TIERS as readonly string[]).includes(value ?? '') ? (value as ReportTier) : null;
