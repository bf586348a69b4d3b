import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';

type Edges = { before: boolean; after: boolean };

/**
 * A horizontal strip (tab bar, day picker) that shows it scrolls: a faded edge and an arrow on each
 * side with more to see. Keyboard users move through the items themselves (arrow keys in a tab
 * list, Tab elsewhere) and the browser brings the focused one into view, so the arrows are for
 * pointers only and stay out of the tab order and the accessibility tree.
 * `fade` is the strip's background colour as a gradient start (`from-…`).
 */
export function ScrollStrip({
  children,
  className,
  fade = 'from-white',
}: {
  children: ReactNode;
  className?: string;
  fade?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ before: false, after: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // Right to left, scrollLeft runs from 0 at the start down to negative values toward the end.
    const scrolled = Math.abs(el.scrollLeft);
    const next = { before: scrolled > 1, after: scrolled + el.clientWidth < el.scrollWidth - 1 };
    setEdges((now) => (now.before === next.before && now.after === next.after ? now : next));
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(el);
    if (el.firstElementChild) resize?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [measure]);
  const page = (direction: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    const forward = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: forward * direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  const arrow =
    'flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-full border border-line bg-white text-ink shadow-sm';
  // The arrows sit beside the strip, not over it, so they never cover (or shrink the target of) an item.
  return (
    <div className={cn('flex items-center gap-1', className)}>
      {edges.before && (
        <button
          type="button"
          aria-hidden
          tabIndex={-1}
          data-testid="scroll-before"
          className={arrow}
          onClick={() => page(-1)}
        >
          <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" />
        </button>
      )}
      <div className="relative min-w-0 flex-1">
        <div ref={ref} className="overflow-x-auto [scrollbar-width:thin]">
          {children}
        </div>
        {edges.before && (
          <span
            aria-hidden
            className={cn(
              'pointer-events-none absolute inset-y-0 start-0 w-8 to-transparent ltr:bg-gradient-to-r rtl:bg-gradient-to-l',
              fade,
            )}
          />
        )}
        {edges.after && (
          <span
            aria-hidden
            className={cn(
              'pointer-events-none absolute inset-y-0 end-0 w-8 to-transparent ltr:bg-gradient-to-l rtl:bg-gradient-to-r',
              fade,
            )}
          />
        )}
      </div>
      {edges.after && (
        <button
          type="button"
          aria-hidden
          tabIndex={-1}
          data-testid="scroll-after"
          className={arrow}
          onClick={() => page(1)}
        >
          <ChevronRight className="h-4 w-4 rtl:-scale-x-100" />
        </button>
      )}
    </div>
  );
}
