import type { QueryClient } from '@tanstack/react-query';
import { DRAWN_DATA_ID } from '@common/constants/drawn-data';
import { publicDoctorSchema } from '@common/schemas/doctors';
import { doctorQuery } from '../lib/doctors-api';

/**
 * The answers a page was drawn with on the server (decision 116): a doctor's page comes drawn with
 * the doctor. The same answers go into the query cache before the server's render and before the
 * browser's first render, so the two draw the same page and the browser takes it over as it is.
 */
export type DrawnData = { doctor?: unknown };

/** Puts the drawn answers in the cache, parsed with the API's own schema as any reply would be. */
export function seedDrawnData(client: QueryClient, data: DrawnData): void {
  if (data.doctor === undefined) return;
  const doctor = publicDoctorSchema.parse(data.doctor);
  client.setQueryData(doctorQuery(doctor.id).queryKey, doctor);
}

/**
 * The page's drawn answers, if the server sent any. This module is loaded only on a drawn page, and
 * its chunks are preloaded with a screen drawn with data (scripts/first-screens.mjs).
 */
export function seedFromPage(client: QueryClient, doc: Document = document): void {
  const block = doc.getElementById(DRAWN_DATA_ID);
  if (!block?.textContent) return;
  seedDrawnData(client, JSON.parse(block.textContent) as DrawnData);
}
