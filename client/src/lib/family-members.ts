import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FamilyMemberBody } from '@common/schemas/family';
import type { FamilyMemberProfileBody } from '@common/schemas/family-member-profile';
import type { TakeoverInvitationBody } from '@common/schemas/family-takeover';
import type { FamilyRelationship } from '@common/constants/family';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { AppointmentFamilyMember } from '@common/schemas/family';
import { endpoint, noContentEndpoint } from './endpoint';
import { queryKeys } from './query-keys';

// The schemas arrive with the first request that needs them, not in the shared chunk every page loads.
const schemas = () => import('@common/schemas/family');

const listMembers = endpoint('GET', '/api/family-members', () => schemas().then((m) => m.familyMemberListSchema));
const addMember = endpoint('POST', '/api/family-members', () => schemas().then((m) => m.familyMemberSchema));
const changeMember = endpoint('PUT', '/api/family-members/:id', () => schemas().then((m) => m.familyMemberSchema));
const removeMember = noContentEndpoint('DELETE', '/api/family-members/:id');

export const familyMembersQuery = queryOptions({
  queryKey: queryKeys.familyMembers,
  queryFn: () => listMembers.send(),
});

export function useFamilyMembers(enabled = true) {
  return useQuery({ ...familyMembersQuery, enabled });
}

/** Adds (no id) or changes (an id) a member; the list is read again after either. */
export function useSaveFamilyMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FamilyMemberBody }) =>
      id ? changeMember.send({ params: { id }, body }) : addMember.send({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.familyMembers }),
  });
}

export function useRemoveFamilyMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeMember.send({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.familyMembers }),
  });
}

/**
 * How the doctor is told who booked (issue 42): the member's relationship is what they are to the
 * holder, so a child's visit was "booked by their parent". Keys of the 'family' area.
 */
export const BOOKED_BY_KEY: Record<FamilyRelationship, ClientMessageKey> = {
  child: 'family.bookedBy.child',
  parent: 'family.bookedBy.parent',
  spouse: 'family.bookedBy.spouse',
  sibling: 'family.bookedBy.sibling',
  other: 'family.bookedBy.other',
};

/** A calendar date (YYYY-MM-DD) as an instant that is that date in UTC, for the date formatters. */
export const birthInstant = (dateOfBirth: string) => `${dateOfBirth}T12:00:00Z`;

export const memberName = (m: Pick<AppointmentFamilyMember, 'firstName' | 'lastName'>) =>
  `${m.firstName} ${m.lastName}`;

const profileSchemas = () => import('@common/schemas/family-member-profile');
const getProfile = endpoint('GET', '/api/family-members/:id/health-profile', () =>
  profileSchemas().then((m) => m.familyMemberProfileSchema.nullable()),
);
const putProfile = endpoint('PUT', '/api/family-members/:id/health-profile', () =>
  profileSchemas().then((m) => m.familyMemberProfileSchema),
);
const inviteMember = endpoint('POST', '/api/family-members/:id/takeover-invitations', () =>
  import('@common/schemas/family-takeover').then((m) => m.takeoverInvitationSchema),
);

/** A member's own health profile; null until the holder saves one. */
export const memberProfileQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.familyMembers, id, 'health-profile'] as const,
    queryFn: () => getProfile.send({ params: { id } }),
  });

export function useSaveMemberProfile(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FamilyMemberProfileBody) => putProfile.send({ params: { id }, body }),
    onSuccess: (saved) => client.setQueryData(memberProfileQuery(id).queryKey, saved),
  });
}

/** Invites a member of 16 or more to take over their record at their own address (decision 100). */
export function useInviteMember(id: string) {
  return useMutation({ mutationFn: (body: TakeoverInvitationBody) => inviteMember.send({ params: { id }, body }) });
}
