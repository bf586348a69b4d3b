import { Construction } from 'lucide-react';
import { textsFor } from '../../lib/i18n/areas';
import { Container, EmptyState, PageHeader } from '../../ui/page';

const useT = textsFor('pages');

/** A route whose screen arrives with a later issue: it names the page and says so plainly. */
export function PlannedPage({ title }: { title: string }) {
  const t = useT();
  return (
    <Container>
      <PageHeader title={title} />
      <EmptyState icon={<Construction className="h-8 w-8" />} title={t('pages.planned.title')}>
        <p className="max-w-md text-sm text-muted">{t('pages.planned.body')}</p>
      </EmptyState>
    </Container>
  );
}
