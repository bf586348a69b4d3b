import { Star } from 'lucide-react';
import { formatRelativeTime } from '@common/rules/relative-time';
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

export function DoctorReviews({ doctorId }: { doctorId: string }) {
  const { data: reviews, isPending, isError } = useDoctorReviews(doctorId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Recent reviews</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : isError ? (
          <p className="text-sm text-muted">Reviews could not be loaded.</p>
        ) : reviews.length === 0 ? (
          <p className="text-sm text-muted">No written reviews yet.</p>
        ) : (
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
        )}
      </CardContent>
    </Card>
  );
}
