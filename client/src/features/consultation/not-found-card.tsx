import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button-class';
import { Card } from '../../ui/card';
import { Container } from '../../ui/page';

export function ConsultationNotFound() {
  return (
    <Container className="py-16">
      <Card className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
        <SearchX className="h-10 w-10 text-slate-400" aria-hidden />
        <h1 className="text-xl font-semibold">Consultation Not Found</h1>
        <p className="text-muted">This consultation does not exist or you don't have access to it.</p>
        <Link to="/appointments" className={buttonClass('primary')}>
          Back to Appointments
        </Link>
      </Card>
    </Container>
  );
}
