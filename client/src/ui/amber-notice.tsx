import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';

/** A caution said before the patient commits (a hold's time, the change window): one look for all. */
export function AmberNotice({
  icon: Icon,
  title,
  detail,
  testId,
  className,
}: {
  icon: LucideIcon;
  title: string;
  detail: string;
  testId: string;
  className?: string;
}) {
  return (
    <div
      className={cn('flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm', className)}
      data-testid={testId}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-amber-800" aria-hidden />
      <div>
        <p className="font-semibold text-amber-900">{title}</p>
        <p className="text-amber-900">{detail}</p>
      </div>
    </div>
  );
}
