import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { ScrollStrip } from '../../ui/scroll-strip';
import { Spinner } from '../../ui/spinner';

const useT = textsFor('admin');

/** A search box that reports its text a moment after typing stops. */
export function SearchBox({ label, onSearch }: { label: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="relative w-full sm:max-w-xs">
      <Search
        className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-muted"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        className="ps-9"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  totalCapped,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalCapped: boolean;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const f = useFormats();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A capped count reads "1,000+": the server stopped counting there.
  const more = totalCapped ? '+' : '';
  return (
    <nav
      aria-label={t('admin.pager.label')}
      className="flex items-center justify-between gap-2 pt-3 text-sm text-muted"
    >
      <span>
        {t('admin.pager.status', {
          page: f.number(page),
          pages: `${f.number(pages)}${more}`,
          total: `${f.number(total)}${more}`,
        })}
      </span>
      <span className="flex gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={t('admin.pager.previous')}
        >
          <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages && !totalCapped}
          onClick={() => onPage(page + 1)}
          aria-label={t('admin.pager.next')}
        >
          <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        </Button>
      </span>
    </nav>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <ScrollStrip className="overflow-hidden rounded-lg border border-line">
      <table className="w-full min-w-[56rem] text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-start font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </ScrollStrip>
  );
}

export function TableMessage({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-8 text-center text-muted">
        {children}
      </td>
    </tr>
  );
}

export function Loading({ columns }: { columns: number }) {
  return (
    <TableMessage columns={columns}>
      <Spinner className="mx-auto h-5 w-5" />
    </TableMessage>
  );
}
