import { useState } from 'react';
import { AUDIT_ACTIONS } from '@common/constants/audit';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Input, Select } from '../../ui/input';
import { useAdminList } from './api';
import { ErrorRow } from './error-row';
import { Loading, Pager, Table, TableMessage } from './list-controls';

const useT = textsFor('admin');

const HEAD = [
  'admin.audit.head.when',
  'admin.audit.head.who',
  'admin.audit.head.action',
  'admin.audit.head.target',
  'admin.audit.head.change',
] as const;
const UUID = /^[0-9a-f-]{36}$/i;
const ROLES = ['patient', 'doctor', 'admin'] as const;
const isRole = (role: string): role is (typeof ROLES)[number] => (ROLES as readonly string[]).includes(role);

// The recorded values stay as stored (JSON, field names in English): they are the record itself.
const json = (value: unknown) => (value ? JSON.stringify(value) : '');

export function AuditTab() {
  const t = useT();
  const dates = useWhen();
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [page, setPage] = useState(1);
  const targetId = target.trim();
  const list = useAdminList('audit', { action, targetId: targetId || undefined, page, pageSize: 25 });
  const change = (before: unknown, after: unknown) =>
    before && after
      ? t('admin.audit.fromTo', { before: json(before), after: json(after) })
      : before
        ? t('admin.audit.from', { before: json(before) })
        : after
          ? t('admin.audit.to', { after: json(after) })
          : '';

  return (
    <section aria-label={t('admin.audit.caption')} className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="sm:w-56 sm:shrink-0">
          <Select
            aria-label={t('admin.audit.head.action')}
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('admin.audit.allActions')}</option>
            {/* Action codes (doctor.verify) are the log's own vocabulary, searched as written. */}
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a} dir="ltr">
                {a}
              </option>
            ))}
          </Select>
        </div>
        <Input
          aria-label={t('admin.audit.targetId')}
          placeholder={t('admin.audit.targetPlaceholder')}
          value={target}
          maxLength={100}
          onChange={(e) => {
            setTarget(e.target.value);
            setPage(1);
          }}
          className="sm:max-w-xs"
        />
      </div>
      <Table caption={t('admin.audit.caption')} head={HEAD.map((h) => t(h))}>
        {list.isPending ? (
          <Loading columns={HEAD.length} />
        ) : list.isError ? (
          <ErrorRow columns={HEAD.length} error={list.error} />
        ) : list.data.items.length === 0 ? (
          <TableMessage columns={HEAD.length}>{t('admin.audit.empty')}</TableMessage>
        ) : (
          list.data.items.map((e) => (
            <tr key={e.id}>
              <td className="px-3 py-2 whitespace-nowrap">{dates.moment(e.occurredAt)}</td>
              <td className="px-3 py-2">
                {e.actorName ?? t('admin.audit.system')}
                {e.actorRole && (
                  <span className="block text-xs text-muted">
                    {isRole(e.actorRole) ? t(`admin.role.${e.actorRole}`) : e.actorRole}
                  </span>
                )}
              </td>
              <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                {e.action}
              </td>
              <td className="px-3 py-2 text-xs">
                {e.targetType}{' '}
                {e.targetId && (
                  <button
                    type="button"
                    className="font-mono text-brand-700 underline"
                    onClick={() => setTarget(e.targetId!)}
                    title={t('admin.audit.showTarget')}
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
