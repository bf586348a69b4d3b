import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useOpenConversation } from '../../lib/open-conversation';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';

const useT = textsFor('visits');

/** Opens (or finds) the conversation with this visit's patient and goes to it. */
export function MessagePatient({ patientId, patient }: { patientId: string; patient: string }) {
  const t = useT();
  const navigate = useNavigate();
  const open = useOpenConversation();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={open.isPending}
      aria-label={`${t('visits.entry.message')}: ${patient}`}
      onClick={() =>
        open.mutate(
          { patientId },
          {
            onSuccess: (conversation) => void navigate(`/messages/${conversation.id}`),
            onError: (error) =>
              toast({ title: errorMessage(error, t('visits.entry.messageFailed')), variant: 'destructive' }),
          },
        )
      }
    >
      <MessageSquare className="h-4 w-4" aria-hidden /> {t('visits.entry.message')}
    </Button>
  );
}
