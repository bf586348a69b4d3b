import { useState } from 'react';
import type { Conversation } from '@common/schemas/conversations';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { useConversationStatus } from './api';

const useT = textsFor('messages');

/**
 * The doctor closes a conversation (after saying what that means for the patient); either party
 * reopens a closed one. The server decides: a patient may reopen only after booking a new visit,
 * and its refusal is shown in its own words.
 */
export function ConversationActions({
  conversation,
  viewer,
  patientName,
}: {
  conversation: Conversation;
  viewer: 'patient' | 'doctor';
  patientName: string;
}) {
  const t = useT();
  const change = useConversationStatus(conversation.id);
  const [confirming, setConfirming] = useState(false);
  const failed = change.isError && (
    <p role="alert" className="text-sm text-danger">
      {errorMessage(change.error, t(change.variables === 'close' ? 'messages.close.failed' : 'messages.reopen.failed'))}
    </p>
  );

  if (conversation.status === 'closed')
    return (
      <div className="flex flex-col items-start gap-2">
        <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => change.mutate('reopen')}>
          {t('messages.reopen.button')}
        </Button>
        {failed}
      </div>
    );
  if (viewer !== 'doctor') return null;
  if (!confirming)
    return (
      <div className="flex flex-col items-start gap-2">
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          {t('messages.close.button')}
        </Button>
        {failed}
      </div>
    );
  return (
    <div
      role="group"
      aria-label={t('messages.close.button')}
      className="flex flex-col gap-2 rounded-lg border border-line p-3"
    >
      <p className="text-sm text-ink">{t('messages.close.confirm', { name: patientName })}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="destructive"
          size="sm"
          disabled={change.isPending}
          onClick={() => change.mutate('close', { onSuccess: () => setConfirming(false) })}
        >
          {t('messages.close.button')}
        </Button>
        <Button variant="ghost" size="sm" autoFocus onClick={() => setConfirming(false)}>
          {t('messages.close.keepOpen')}
        </Button>
      </div>
      {failed}
    </div>
  );
}
