import { textsFor } from '../../lib/i18n/areas';

const useT = textsFor('account');

/** A card's list that did not load: what failed, and a way to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <p role="alert" className="text-sm text-danger">
      {message}{' '}
      <button type="button" className="underline" onClick={onRetry}>
        {t('account.tryAgain')}
      </button>
    </p>
  );
}
