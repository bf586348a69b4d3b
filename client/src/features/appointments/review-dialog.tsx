import { Star } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { REVIEW_MAX_LENGTH, type Appointment } from '@common/schemas/appointments';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Field, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useReviewAppointment } from './api';

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Leave Review (completed appointments, once): 1–5 stars and an optional comment. */
export function ReviewDialog({ appointment }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const review = useReviewAppointment();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return setError('Please choose a rating from 1 to 5 stars.');
    review.mutate(
      { id: appointment.id, rating, comment: comment.trim() || undefined },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Review Submitted', description: 'Thank you for your feedback!', variant: 'success' });
        },
        onError: (e) =>
          toast({
            title: 'Review Failed',
            description: errorMessage(e, 'Failed to submit your review. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm">
          <Star className="h-4 w-4" aria-hidden /> Leave Review
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={`Review Dr. ${appointment.doctor.user.firstName} ${appointment.doctor.user.lastName}`}
        description="Your review appears on the doctor's profile with your first name and last initial."
        size="md"
      >
        <form onSubmit={handleSubmit} noValidate className="mt-5 flex flex-col gap-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-ink">Rating</legend>
            <div role="radiogroup" aria-label="Rating" className="flex items-center gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={rating === n}
                  aria-label={`${n} star${n > 1 ? 's' : ''}`}
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
                {WORDS[rating]}
              </span>
            </div>
            {error && (
              <p role="alert" className="mt-1 text-xs text-danger">
                {error}
              </p>
            )}
          </fieldset>
          <Field
            label="Your review (optional)"
            hint={`${comment.length.toLocaleString('en-US')} / ${REVIEW_MAX_LENGTH.toLocaleString('en-US')} characters`}
          >
            {(p) => (
              <Textarea
                {...p}
                maxLength={REVIEW_MAX_LENGTH}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                placeholder="How was your consultation?"
              />
            )}
          </Field>
          <DialogActions closeLabel="Close">
            <Button type="submit" disabled={review.isPending}>
              {review.isPending ? 'Submitting...' : 'Submit Review'}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
