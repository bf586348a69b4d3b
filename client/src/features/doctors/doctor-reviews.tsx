import { Star } from 'lucide-react';
import { formatRelativeTime } from '@common/rules/relative-time';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { useDoctorReviews } from './api';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex" role="img" aria-label={`${rating} out of 5 stars`}>
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

/** "10 of 24 reviews": how many of the doctor's reviews the list holds so far. */
export const shownText = (shown: number, total: number) => `${shown} of ${total} ${total === 1 ? 'review' : 'reviews'}`;

/**
 * Every review the doctor's count stands for, newest first, ten at a time: "Show more reviews"
 * reads the next page until the list holds them all.
 */
export function DoctorReviews({ doctorId, total }: { doctorId: string; total: number }) {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useDoctorReviews(doctorId);
  const reviews = data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Reviews</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : isError && reviews.length === 0 ? (
          <p className="text-sm text-muted">Reviews could not be loaded.</p>
        ) : reviews.length === 0 ? (
          <p className="text-sm text-muted">No reviews yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-line">
              {reviews.map((review) => (
                <li key={review.id} className="py-3 first:pt-0">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars rating={review.rating} />
                    <span className="text-sm font-medium">{review.patientName}</span>
                    <span className="text-xs text-muted">{formatRelativeTime(review.createdAt)}</span>
                  </div>
                  {review.comment && <p className="mt-1 text-sm text-ink">{review.comment}</p>}
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <p className="text-sm text-muted" aria-live="polite">
                {shownText(reviews.length, Math.max(total, reviews.length))}
              </p>
              {hasNextPage && (
                <Button variant="outline" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                  {isFetchingNextPage ? 'Loading...' : 'Show more reviews'}
                </Button>
              )}
              {isFetchNextPageError && <p className="text-sm text-danger">More reviews could not be loaded.</p>}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
