import { errorMessage } from '../../lib/api';
import { TableMessage } from './list-controls';

export function ErrorRow({ columns, error }: { columns: number; error: unknown }) {
  return (
    <TableMessage columns={columns}>
      <span role="alert" className="text-danger">
        {errorMessage(error, 'Failed to load. Please try again.')}
      </span>
    </TableMessage>
  );
}
