// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DRAWN_DATA_ID } from '@common/constants/drawn-data';
import { doctorQuery } from '../lib/doctors-api';
import { createQueryClient } from '../lib/query-client';
import { testDoctor } from '../test-support/doctor';
import { seedFromPage } from './drawn-data';

function pageWith(block: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('drawn');
  if (block !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = DRAWN_DATA_ID;
    script.textContent = block;
    doc.body.append(script);
  }
  return doc;
}

describe('the answers a page was drawn with', () => {
  it('go into the cache parsed with the API’s schema, so the first render draws what the server drew', () => {
    const client = createQueryClient();
    const doctor = testDoctor();
    seedFromPage(client, pageWith(JSON.stringify({ doctor: { ...doctor, notInTheSchema: 'dropped' } })));
    expect(client.getQueryData(doctorQuery(doctor.id).queryKey)).toEqual(doctor);
  });

  it('are refused when they do not match the schema, and nothing is cached', () => {
    const client = createQueryClient();
    const doctor = testDoctor();
    expect(() =>
      seedFromPage(client, pageWith(JSON.stringify({ doctor: { ...doctor, consultationFee: 'free' } }))),
    ).toThrow();
    expect(client.getQueryData(doctorQuery(doctor.id).queryKey)).toBeUndefined();
  });

  it('are none on a page without the block', () => {
    const client = createQueryClient();
    seedFromPage(client, pageWith(undefined));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
