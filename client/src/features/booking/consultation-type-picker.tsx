import { CONSULTATION_TYPE_OPTIONS, type ConsultationType } from '@common/constants/consultation-types';
import { feeForType } from '@common/rules/fees';
import type { PublicDoctor } from '@common/schemas/doctors';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { CONSULTATION_TYPE_ICONS } from '../../ui/consultation-type-icons';
import { TYPE_DESCRIPTION, TYPE_LABEL } from '../../ui/consultation-type-labels';

const useT = textsFor('booking', 'ui');

export function ConsultationTypePicker({
  doctor,
  value,
  onChange,
}: {
  doctor: PublicDoctor;
  value: ConsultationType;
  onChange: (type: ConsultationType) => void;
}) {
  const t = useT();
  const format = useFormats();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">{t('booking.type.legend')}</legend>
      <div role="radiogroup" aria-label={t('booking.type.legend')} className="grid gap-2 sm:grid-cols-3">
        {CONSULTATION_TYPE_OPTIONS.map((type) => {
          const Icon = CONSULTATION_TYPE_ICONS[type.value];
          const checked = value === type.value;
          return (
            <button
              key={type.value}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => onChange(type.value)}
              className={cn(
                'flex items-start gap-3 rounded-lg border p-3 text-start transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                checked
                  ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
                  : 'border-line bg-white hover:border-brand-500',
              )}
            >
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span className="flex flex-col">
                <span className="text-sm font-semibold text-ink">{t(TYPE_LABEL[type.value])}</span>
                <span className="text-xs text-muted">{t(TYPE_DESCRIPTION[type.value])}</span>
                <span className="mt-1 text-sm font-medium text-ink">
                  {format.money(feeForType(doctor, type.value))}
                </span>
              </span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
