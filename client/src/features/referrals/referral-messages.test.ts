import { describe, expect, it } from 'vitest';
import english from '../../../../common/i18n/en/screens/referrals.json';
import { referralFailureText } from './referral-messages';

describe('referralFailureText', () => {
  it.each([
    ['You have already referred this person.', 'You have already referred this person.'],
    ['referredEmail: Invalid email: please enter a valid email address.', 'Please enter a valid email address.'],
    [
      'Duplicate referral: this person has already been referred by someone else.',
      'This person has already been referred by someone else.',
    ],
    ['This person already has a Medora account.', 'Please try again later.'],
    [undefined, 'Please try again later.'],
  ])('%j → %s', (server, text) => expect(english[referralFailureText(server) as keyof typeof english]).toBe(text));
});
