import type { ClientMessageKey } from '@common/i18n/keys';
import { precheckNeedsAttention, precheckSummaryParts } from '@common/rules/precheck-summary';
import type { PrecheckInput } from '@common/schemas/prechecks';
import { textsFor } from '../lib/i18n/areas';
import { Badge } from './badge';

const useT = textsFor('precall');

/**
 * "camera ✓, mic ✓, relay only" beside a patient: the marks are for the eye, and each one's words
 * ("works", "blocked") are what a screen reader says instead. The parts come from the shared rule
 * (which to show, in which order); their words here are the reader's language, keyed by result.
 */
export function PrecheckSummary({ result, consultationType }: { result: PrecheckInput; consultationType: string }) {
  const t = useT();
  const parts = precheckSummaryParts(result, consultationType);
  const deviceOf = (label: string) => (label === 'camera' ? result.camera : result.microphone);
  return (
    <Badge
      variant={precheckNeedsAttention(result, consultationType) ? 'warning' : 'success'}
      data-testid="precheck-summary"
    >
      {/* One flex item: the badge is inline-flex, and loose pieces would wrap apart. */}
      <span>
        <span className="sr-only">{t('precall.summary.label')} </span>
        {parts.map((part, i) => (
          <span key={part.label || 'network'}>
            {i > 0 && t('precall.summary.separator')}
            {part.label ? (
              <>
                {t(part.label === 'camera' ? 'precall.summary.camera' : 'precall.summary.mic')}{' '}
                <span aria-hidden>{part.mark}</span>
                <span className="sr-only">
                  {t(`precall.summary.device.${deviceOf(part.label)}` as ClientMessageKey)}
                </span>
              </>
            ) : (
              t(`precall.summary.network.${result.network}` as ClientMessageKey)
            )}
          </span>
        ))}
      </span>
    </Badge>
  );
}
