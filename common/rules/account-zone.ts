import { defaultTimeZone } from '../constants/countries';
import { isValidTimeZone } from './zoned-time';

/** The first usable zone of a list of guesses, best first; UTC when none is. */
export function firstZone(candidates: readonly (string | null | undefined)[]): string {
  for (const zone of candidates) if (zone && isValidTimeZone(zone)) return zone;
  return 'UTC';
}

/** What is known about the two people of an appointment's clocks. */
export type PartyZoneFacts = {
  /** users.time_zone of the patient (chosen on /profile or detected at sign-up). */
  patientAccount: string | null | undefined;
  patientCountry: string | null | undefined;
  /** users.time_zone of the doctor's account. */
  doctorAccount: string | null | undefined;
  /** doctors.time_zone: the zone their weekly hours are written in. */
  practice: string | null | undefined;
  /** appointments.time_zone: the zone it was booked in (the practice's at the time). */
  booked: string;
};

/**
 * The zone each person reads an appointment in (decision 047): their account's zone; before they
 * have one, a patient's country's usual zone and a doctor's practice zone; the booking's last.
 */
export function partyZonesOf(f: PartyZoneFacts): { patient: string; doctor: string } {
  return {
    patient: firstZone([f.patientAccount, f.patientCountry ? defaultTimeZone(f.patientCountry) : undefined, f.booked]),
    doctor: firstZone([f.doctorAccount, f.practice, f.booked]),
  };
}

/** A doctor's own screens: the account's zone, else the practice's. */
export const doctorViewZone = (account: string | null | undefined, practice: string | null | undefined) =>
  firstZone([account, practice]);
