import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { TableMessage } from './list-controls';

const useT = textsFor('admin');

export function ErrorRow({ columns, error }: { columns: number; error: unknown }) {
  const t = useT();
  return (
    <TableMessage columns={columns}>
      <span role="alert" className="text-danger">
        {errorMessage(error, t('admin.loadFailed'))}
      </span>
    </TableMessage>
  );
}
