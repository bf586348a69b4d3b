/** Family members an account may book for (issue 42): a household, not a clinic's roster. */
export const FAMILY_MEMBER_LIMIT = 10;
export const FAMILY_RELATIONSHIPS = ['child', 'parent', 'spouse', 'sibling', 'other'] as const;
export type FamilyRelationship = (typeof FAMILY_RELATIONSHIPS)[number];
/** The longest first or last name kept for a family member. */
export const FAMILY_NAME_MAX_LENGTH = 100;
/**
 * The age at which a family member may be invited to take over their own record as an account
 * (issue 42, decision 100); the holder loses access then.
 */
export const FAMILY_TAKEOVER_AGE = 16;
