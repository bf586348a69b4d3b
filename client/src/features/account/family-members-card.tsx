import { HeartPulse, Pencil, Trash2, UserRoundPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { FAMILY_MEMBER_LIMIT, FAMILY_RELATIONSHIPS, FAMILY_TAKEOVER_AGE } from '@common/constants/family';
import { ageOn } from '@common/rules/age';
import { localDateOf } from '@common/rules/display-time';
import { familyMemberBodySchema, type FamilyMember, type FamilyMemberBody } from '@common/schemas/family';
import { ApiError, errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, Input, Select } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import {
  birthInstant,
  memberName,
  useFamilyMembers,
  useRemoveFamilyMember,
  useSaveFamilyMember,
} from '../../lib/family-members';
import { MemberHealthForm } from './member-health-form';
import { MemberInviteForm } from './member-invite-form';

// The form's own schema messages are in the 'fields' area (common/i18n/field-text.ts).
const useT = textsFor('family', 'fields');

type Errors = Partial<Record<keyof FamilyMemberBody, string>>;
const EMPTY: FamilyMemberBody = { firstName: '', lastName: '', dateOfBirth: '', relationship: '' as never };

function MemberForm({ initial, onDone }: { initial?: FamilyMember; onDone: () => void }) {
  const t = useT();
  const save = useSaveFamilyMember();
  const [values, setValues] = useState<FamilyMemberBody>(initial ?? EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const set = (name: keyof FamilyMemberBody) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = familyMemberBodySchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof FamilyMemberBody] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate(
      { id: initial?.id, body: parsed.data },
      {
        onSuccess: () => {
          toast({ title: t('family.saved'), variant: 'success' });
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) return setErrors(err.fields as Errors);
          toast({ title: t('family.failed'), description: errorMessage(err, ''), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-lg border border-line p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('family.firstName')} error={errors.firstName}>
          {(p) => <Input {...p} autoComplete="off" value={values.firstName} onChange={set('firstName')} />}
        </Field>
        <Field label={t('family.lastName')} error={errors.lastName}>
          {(p) => <Input {...p} autoComplete="off" value={values.lastName} onChange={set('lastName')} />}
        </Field>
        <Field label={t('family.dateOfBirth')} error={errors.dateOfBirth}>
          {(p) => (
            <Input {...p} type="date" min="1900-01-01" value={values.dateOfBirth} onChange={set('dateOfBirth')} />
          )}
        </Field>
        <Field label={t('family.relationship')} error={errors.relationship}>
          {(p) => (
            <Select {...p} value={values.relationship} onChange={set('relationship')}>
              <option value="">{t('family.selectRelationship')}</option>
              {FAMILY_RELATIONSHIPS.map((r) => (
                <option key={r} value={r}>
                  {t(`family.relationship.${r}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('family.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('family.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The patient's family members on /profile: the people they book visits for (issue 42). */
export function FamilyMembersCard() {
  const t = useT();
  const time = useWhen();
  const members = useFamilyMembers();
  const remove = useRemoveFamilyMember();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  // A member's health profile or invitation, opened below their row.
  const [open, setOpen] = useState<{ id: string; panel: 'health' | 'invite' } | null>(null);
  const toggle = (id: string, panel: 'health' | 'invite') =>
    setOpen((o) => (o?.id === id && o.panel === panel ? null : { id, panel }));
  // Age by the viewer's own calendar day (their account's zone, else the browser's): a birthday is
  // the day they see. The server counts on UTC, so within hours of it the invitation may still be
  // refused, in the server's words.
  const today = localDateOf(new Date());
  const [removing, setRemoving] = useState<FamilyMember | null>(null);
  const list = members.data ?? [];
  const full = list.length >= FAMILY_MEMBER_LIMIT;
  const titleId = useId();

  // A region named by its title: a screen reader's landmark list reaches the family from /profile.
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Users className="h-5 w-5 text-brand-700" aria-hidden /> {t('family.title')}
        </CardTitle>
        <CardDescription>{t('family.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {members.isSuccess && list.length === 0 && <p className="text-sm text-muted">{t('family.empty')}</p>}
        {list.length > 0 && (
          <ul className="flex flex-col gap-2">
            {list.map((m) =>
              editing === m.id ? (
                <li key={m.id}>
                  <MemberForm initial={m} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li key={m.id} className="flex flex-col gap-2 rounded-lg bg-surface p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0">
                      <p className="break-words font-medium">{memberName(m)}</p>
                      <p className="text-xs text-muted">
                        {t(`family.relationship.${m.relationship}`)} ·{' '}
                        {t('family.born', { date: time.dayDate(birthInstant(m.dateOfBirth), 'UTC') })}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-expanded={open?.id === m.id && open.panel === 'health'}
                        aria-label={t('family.health.label', { name: memberName(m) })}
                        onClick={() => toggle(m.id, 'health')}
                      >
                        <HeartPulse className="h-4 w-4" aria-hidden /> {t('family.health.button')}
                      </Button>
                      {ageOn(m.dateOfBirth, today) >= FAMILY_TAKEOVER_AGE && (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-expanded={open?.id === m.id && open.panel === 'invite'}
                          aria-label={t('family.invite.label', { name: memberName(m) })}
                          onClick={() => toggle(m.id, 'invite')}
                        >
                          <UserRoundPlus className="h-4 w-4" aria-hidden /> {t('family.invite.button')}
                        </Button>
                      )}
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('family.editLabel', { name: memberName(m) })}
                        onClick={() => setEditing(m.id)}
                      >
                        <Pencil className="h-4 w-4" aria-hidden /> {t('family.edit')}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('family.deleteLabel', { name: memberName(m) })}
                        onClick={() => setRemoving(m)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden /> {t('family.delete')}
                      </Button>
                    </div>
                  </div>
                  {open?.id === m.id && open.panel === 'health' && (
                    <MemberHealthForm member={m} onDone={() => setOpen(null)} />
                  )}
                  {open?.id === m.id && open.panel === 'invite' && (
                    <MemberInviteForm member={m} onDone={() => setOpen(null)} />
                  )}
                </li>
              ),
            )}
          </ul>
        )}
        {editing === 'new' ? (
          <MemberForm onDone={() => setEditing(null)} />
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="outline"
              onClick={() => setEditing('new')}
              reason={full ? t('family.limit', { max: FAMILY_MEMBER_LIMIT }) : null}
            >
              {t('family.add')}
            </Button>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('family.confirmTitle', { name: removing ? memberName(removing) : '' })}
        description={t('family.confirmText')}
        confirmLabel={t('family.delete')}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toast({ title: t('family.removed'), variant: 'success' }),
            onError: (err) =>
              toast({ title: t('family.failed'), description: errorMessage(err, ''), variant: 'destructive' }),
          })
        }
      />
    </Card>
  );
}
