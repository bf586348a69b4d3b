import { useState } from 'react';
import { AUDIT_ACTIONS } from '@common/constants/audit';
import { Input, Select } from '../../ui/input';
import { useAdminList } from './api';
import { ErrorRow } from './error-row';
import { Loading, Pager, Table, TableMessage } from './list-controls';
import { momentText } from '@common/rules/display-time';

const HEAD = ['When', 'Who', 'Action', 'Target', 'Change'];
const UUID = /^[0-9a-f-]{36}$/i;

const change = (before: unknown, after: unknown) =>
  [before && `from ${JSON.stringify(before)}`, after && `to ${JSON.stringify(after)}`].filter(Boolean).join(' ');

export function AuditTab() {
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [page, setPage] = useState(1);
  const targetId = target.trim();
  const list = useAdminList('audit', { action, targetId: targetId || undefined, page, pageSize: 25 });

  return (
    <section aria-label="Audit trail" className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="sm:w-56 sm:shrink-0">
          <Select
            aria-label="Action"
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </div>
        <Input
          aria-label="Target id"
          placeholder="Target id (user, doctor, payment...)"
          value={target}
          maxLength={100}
          onChange={(e) => {
            setTarget(e.target.value);
            setPage(1);
          }}
          className="sm:max-w-xs"
        />
      </div>
      <Table caption="Audit trail" head={HEAD}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>No events.</TableMessage>
        ) : (
          list.data.items.map((e) => (
            <tr key={e.id}>
              <td className="px-3 py-2 whitespace-nowrap">{momentText(e.occurredAt)}</td>
              <td className="px-3 py-2">
                {e.actorName ?? 'System'}
                {e.actorRole && <span className="block text-xs text-muted capitalize">{e.actorRole}</span>}
              </td>
              <td className="px-3 py-2 font-mono text-xs">{e.action}</td>
              <td className="px-3 py-2 text-xs">
                {e.targetType}{' '}
                {e.targetId && (
                  <button
                    type="button"
                    className="font-mono text-brand-700 underline"
                    onClick={() => setTarget(e.targetId!)}
                    title="Show this target's events"
                  >
                    {UUID.test(e.targetId) ? e.targetId.slice(0, 8) : e.targetId}
                  </button>
                )}
              </td>
              <td className="max-w-xs px-3 py-2 text-xs break-all text-muted">{change(e.before, e.after)}</td>
            </tr>
          ))
        )}
      </Table>
      {list.data && <Pager {...list.data} onPage={setPage} />}
    </section>
  );
}
