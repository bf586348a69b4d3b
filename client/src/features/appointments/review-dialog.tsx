import { Star } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { REVIEW_MAX_LENGTH, type Appointment } from '@common/schemas/appointments';
import type { ClientMessageKey } from '@common/i18n/keys';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { doctorName } from '../../lib/doctor-display';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Field, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useReviewAppointment } from './api';

const useT = textsFor('appointments');

const WORDS: ClientMessageKey[] = [
  'appointments.review.word1',
  'appointments.review.word2',
  'appointments.review.word3',
  'appointments.review.word4',
  'appointments.review.word5',
];

/** Leave Review (completed appointments, once): 1–5 stars and an optional comment. */
export function ReviewDialog({ appointment }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const review = useReviewAppointment();
  const t = useT();
  const f = useFormats();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return setError(t('appointments.review.needRating'));
    review.mutate(
      { id: appointment.id, rating, comment: comment.trim() || undefined },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: t('appointments.review.done'),
            description: t('appointments.review.doneText'),
            variant: 'success',
          });
        },
        onError: (e) =>
          toast({
            title: t('appointments.review.failed'),
            description: errorMessage(e, t('appointments.review.failedText')),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm">
          <Star className="h-4 w-4" aria-hidden /> {t('appointments.review.button')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('appointments.review.title', { doctor: doctorName(appointment.doctor) })}
        description={t('appointments.review.text')}
        size="md"
      >
        <form onSubmit={handleSubmit} noValidate className="mt-5 flex flex-col gap-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-ink">{t('appointments.review.rating')}</legend>
            <div role="radiogroup" aria-label={t('appointments.review.rating')} className="flex items-center gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={rating === n}
                  aria-label={t('appointments.review.stars', { count: n })}
                  onClick={() => {
                    setRating(n);
                    setError(undefined);
                  }}
                  className="rounded p-1 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <Star
                    className={cn('h-8 w-8', n <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
                    aria-hidden
                  />
                </button>
              ))}
              <span className="ms-2 text-sm text-muted" aria-live="polite">
                {rating > 0 && t(WORDS[rating - 1])}
              </span>
            </div>
            {error && (
              <p role="alert" className="mt-1 text-xs text-danger">
                {error}
              </p>
            )}
          </fieldset>
          <Field
            label={t('appointments.review.comment')}
            hint={t('appointments.review.count', {
              used: f.number(comment.length),
              max: f.number(REVIEW_MAX_LENGTH),
            })}
          >
            {(p) => (
              <Textarea
                {...p}
                maxLength={REVIEW_MAX_LENGTH}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                placeholder={t('appointments.review.placeholder')}
              />
            )}
          </Field>
          <DialogActions closeLabel={t('appointments.close')}>
            <Button type="submit" disabled={review.isPending}>
              {t(review.isPending ? 'appointments.review.pending' : 'appointments.review.submit')}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
