import { Check } from 'lucide-react';
import type { ClientMessageKey } from '@common/i18n/keys';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';

const useT = textsFor('builder');

/** The steps' titles, in order. */
export const STEPS: readonly ClientMessageKey[] = [
  'builder.steps.basic',
  'builder.steps.education',
  'builder.steps.practice',
  'builder.steps.fees',
  'builder.steps.review',
];

/** The five steps, each clickable. */
export function StepNav({ current, onSelect }: { current: number; onSelect: (step: number) => void }) {
  const t = useT();
  const { number } = useFormats();
  return (
    <nav aria-label={t('builder.steps.label')}>
      <ol className="grid grid-cols-5 gap-1.5 sm:gap-2">
        {STEPS.map((title, index) => {
          const active = index === current;
          const done = index < current;
          return (
            <li key={title}>
              <button
                type="button"
                onClick={() => onSelect(index)}
                aria-current={active ? 'step' : undefined}
                className={cn(
                  'flex w-full flex-col items-center gap-1.5 rounded-lg p-1.5 text-center text-xs font-medium sm:p-2',
                  'focus-visible:outline-2 focus-visible:outline-brand-600',
                  active ? 'bg-brand-50 text-brand-800' : 'text-muted hover:bg-slate-100',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex h-8 w-8 items-center justify-center rounded-full border text-sm',
                    active
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : done
                        ? 'border-brand-600 bg-white text-brand-700'
                        : 'border-line bg-white',
                  )}
                >
                  {done ? <Check className="h-4 w-4" /> : number(index + 1)}
                </span>
                {/* Named by its text (WCAG 2.5.3): "Step 2: Education & Credentials", the title shown from sm up. */}
                <span className="sr-only">{`${t('builder.steps.number', { number: index + 1 })} `}</span>
                <span className="sr-only sm:not-sr-only">{t(title)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
