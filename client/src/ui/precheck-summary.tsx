import { precheckNeedsAttention, precheckSummaryParts } from '@common/rules/precheck-summary';
import type { PrecheckInput } from '@common/schemas/prechecks';
import { Badge } from './badge';

/**
 * "camera ✓, mic ✓, relay only" beside a patient: the marks are for the eye, and each one's words
 * ("works", "blocked") are what a screen reader says instead.
 */
export function PrecheckSummary({ result, consultationType }: { result: PrecheckInput; consultationType: string }) {
  const parts = precheckSummaryParts(result, consultationType);
  return (
    <Badge
      variant={precheckNeedsAttention(result, consultationType) ? 'warning' : 'success'}
      data-testid="precheck-summary"
    >
      {/* One flex item: the badge is inline-flex, and loose pieces would wrap apart. */}
      <span>
        <span className="sr-only">Pre-call check: </span>
        {parts.map((part, i) => (
          <span key={part.label || 'network'}>
            {i > 0 && ', '}
            {part.label ? (
              <>
                {part.label} <span aria-hidden>{part.mark}</span>
                <span className="sr-only">{part.words}</span>
              </>
            ) : (
              part.words
            )}
          </span>
        ))}
      </span>
    </Badge>
  );
}
