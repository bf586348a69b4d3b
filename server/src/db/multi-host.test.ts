import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { poolOptions } from './client';
import { splitHosts } from './multi-host';
import { isDatabaseUnavailable } from './unavailable';

describe('multi-host DATABASE_URL (libpq form, as pg_autoctl show uri prints it)', () => {
  it('splits the hosts and keeps the rest of the URL for each', () => {
    expect(
      splitHosts(
        'postgres://app:s3cret@10.0.0.11:5432,10.0.0.12:5433/medora?target_session_attrs=read-write&sslmode=prefer',
      ),
    ).toEqual({
      urls: [
        'postgres://app:s3cret@10.0.0.11:5432/medora?sslmode=prefer',
        'postgres://app:s3cret@10.0.0.12:5433/medora?sslmode=prefer',
      ],
      readWrite: true,
    });
    expect(splitHosts('postgresql://a,b/medora')).toEqual({
      urls: ['postgresql://a/medora', 'postgresql://b/medora'],
      readWrite: false,
    });
  });

  it('leaves a single-host URL to node-postgres and refuses session attributes it cannot honour', () => {
    expect(splitHosts('postgres://app@db:5432/medora?sslmode=require')).toBeNull();
    expect(() => splitHosts('postgres://a,b/medora?target_session_attrs=standby')).toThrow(/not supported/);
  });
});

// Once, in the PostgreSQL project (the PGlite project sees the same address but has no use for it).
const url = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!url)('a pool on a multi-host URL (PostgreSQL)', () => {
  const hostOf = (u: string) => new URL(u).host;
  const withHosts = (hosts: string, query: string) => {
    const u = new URL(url!);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${hosts}${u.pathname}?${query}`;
  };

  it('moves on from a host that refuses connections to the next one', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const pool = new pg.Pool(
      poolOptions(withHosts(`127.0.0.1:1,${hostOf(url!)}`, 'target_session_attrs=read-write'), 2),
    );
    pool.on('error', () => {});
    try {
      const first = await pool.query('select 1 as one').catch((error: unknown) => error);
      expect(isDatabaseUnavailable(first)).toBe(true);
      const { rows } = await pool.query<{ read_only: string }>('select current_setting($1) as read_only', [
        'transaction_read_only',
      ]);
      expect(rows).toEqual([{ read_only: 'off' }]);
    } finally {
      await pool.end();
    }
  });

  it('with target_session_attrs=read-write, refuses a read-only server as unavailable (503), never serves from it', async () => {
    const readOnly = 'options=-c%20default_transaction_read_only%3Don&target_session_attrs=read-write';
    const pool = new pg.Pool(poolOptions(withHosts(`${hostOf(url!)},${hostOf(url!)}`, readOnly), 2));
    pool.on('error', () => {});
    try {
      for (let i = 0; i < 3; i++) {
        const error = await pool.query('select 1').catch((e: unknown) => e);
        expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      }
    } finally {
      await pool.end();
    }
  });
});
