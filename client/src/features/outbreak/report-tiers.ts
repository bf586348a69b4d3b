import { REPORT_PRICES, REPORT_TIERS, type ReportTier } from '@common/constants/outbreak';
import type { ClientMessageKey } from '@common/i18n/keys';

/** A tier's name and features are catalogue keys (outbreak area), said in the viewer's language. */
export type TierOffer = {
  tier: ReportTier;
  name: ClientMessageKey;
  price: number;
  features: ClientMessageKey[];
  popular?: boolean;
};

/** What each report contains, as the PDF is built; prices are the server's list. */
export const TIER_OFFERS: TierOffer[] = [
  {
    tier: 'summary',
    name: 'outbreak.tier.summary',
    price: REPORT_PRICES.summary,
    features: [
      'outbreak.tier.feature.summaryStats',
      'outbreak.tier.feature.mostSevere',
      'outbreak.tier.feature.severityChart',
    ],
  },
  {
    tier: 'full',
    name: 'outbreak.tier.full',
    price: REPORT_PRICES.full,
    popular: true,
    features: [
      'outbreak.tier.feature.everythingSummary',
      'outbreak.tier.feature.everyOutbreak',
      'outbreak.tier.feature.perCountry',
    ],
  },
  {
    tier: 'detailed',
    name: 'outbreak.tier.detailed',
    price: REPORT_PRICES.detailed,
    features: [
      'outbreak.tier.feature.everythingFull',
      'outbreak.tier.feature.sourceAgency',
      'outbreak.tier.feature.lastUpdate',
    ],
  },
];

export const offerFor = (tier: ReportTier) => TIER_OFFERS.find((o) => o.tier === tier)!;

export const readTier = (value: string | null): ReportTier | null =>
  (REPORT_TIERS as readonly string[]).includes(value ?? '') ? (value as ReportTier) : null;
