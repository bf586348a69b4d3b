import { Container } from '../../ui/page';
import { ApplicationForm } from './application-form';
import { JoinDoctorsMarketing } from './join-doctors-marketing';

/** Why join as a doctor, and the application form; open to everyone. */
export function JoinDoctorsPage() {
  return (
    <Container className="grid gap-8 py-8 sm:py-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
      <JoinDoctorsMarketing />
      <ApplicationForm />
    </Container>
  );
}
