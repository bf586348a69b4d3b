import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { textsFor } from '../../lib/i18n/areas';
import { buttonClass } from '../../ui/button-class';
import { Card } from '../../ui/card';
import { Container } from '../../ui/page';

const useT = textsFor('room');

export function ConsultationNotFound() {
  const t = useT();
  return (
    <Container className="py-16">
      <Card className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
        <SearchX className="h-10 w-10 text-slate-400" aria-hidden />
        <h1 className="text-xl font-semibold">{t('room.notFound.title')}</h1>
        <p className="text-muted">{t('room.notFound.body')}</p>
        <Link to="/appointments" className={buttonClass('primary')}>
          {t('room.backToAppointments')}
        </Link>
      </Card>
    </Container>
  );
}
