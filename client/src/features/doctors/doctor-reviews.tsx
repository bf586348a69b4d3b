import { Star } from 'lucide-react';
import { useDeferredValue } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { useDoctorReviews } from './api';

const useT = textsFor('doctor-page');

function Stars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <span className="flex" role="img" aria-label={t('doctor-page.reviews.stars', { rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={n <= rating ? 'h-4 w-4 fill-amber-400 text-amber-400' : 'h-4 w-4 text-slate-300'}
        />
      ))}
    </span>
  );
}

/**
 * Every review the doctor's count stands for, newest first, ten at a time: "Show more reviews"
 * reads the next page until the list holds them all.
 */
export function DoctorReviews({ doctorId, total }: { doctorId: string; total: number }) {
  const { isError, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError, ...query } =
    useDoctorReviews(doctorId);
  // Drawn from a deferred copy, in slices (see FindDoctorsPage): ten reviews of five stars each
  // arrive at once, and as one task they held a phone's main thread past 50 ms.
  const data = useDeferredValue(query.data);
  const isPending = data === undefined && !isError;
  const t = useT();
  const when = useWhen();
  const reviews = data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('doctor-page.reviews.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : isError && reviews.length === 0 ? (
          <p className="text-sm text-muted">{t('doctor-page.reviews.failed')}</p>
        ) : reviews.length === 0 ? (
          <p className="text-sm text-muted">{t('doctor-page.reviews.none')}</p>
        ) : (
          <>
            <ul className="divide-y divide-line">
              {reviews.map((review) => (
                <li key={review.id} className="py-3 first:pt-0">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars rating={review.rating} />
                    <span className="text-sm font-medium" dir="auto">
                      {review.patientName}
                    </span>
                    <span className="text-xs text-muted">{when.relative(review.createdAt)}</span>
                  </div>
                  {review.comment && (
                    // Written by the patient in their own language: its own direction, whatever the page's.
                    <p className="mt-1 text-sm text-ink" dir="auto">
                      {review.comment}
                    </p>
                  )}
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <p className="text-sm text-muted" aria-live="polite">
                {/* "10 of 24 reviews": how many of the doctor's reviews the list holds so far. */}
                {t('doctor-page.reviews.shown', { shown: reviews.length, total: Math.max(total, reviews.length) })}
              </p>
              {hasNextPage && (
                <Button variant="outline" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                  {t(isFetchingNextPage ? 'doctor-page.reviews.loading' : 'doctor-page.reviews.more')}
                </Button>
              )}
              {isFetchNextPageError && <p className="text-sm text-danger">{t('doctor-page.reviews.moreFailed')}</p>}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
