import { Construction } from 'lucide-react';
import { Container, EmptyState, PageHeader } from '../../ui/page';

/** A route whose screen arrives with a later issue: it names the page and says so plainly. */
export function PlannedPage({ title }: { title: string }) {
  return (
    <Container>
      <PageHeader title={title} />
      <EmptyState icon={<Construction className="h-8 w-8" />} title="This part of Medora is on its way">
        <p className="max-w-md text-sm text-muted">
          We are still building this screen. Everything else in Medora works as usual.
        </p>
      </EmptyState>
    </Container>
  );
}
