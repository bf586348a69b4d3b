import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, WHO_DON_DEFAULT_URL } from './config';
import { operatorDetails } from './config/operator';

describe('config', () => {
  it('defaults to port 5000, the embedded database and demo mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
      demoMode: true,
      seedDemo: true,
      secureCookies: false,
    });
  });

  it('leaves the outbreak feeds out unless their URLs are set, and refuses anything but http(s)', () => {
    expect(loadConfig({}).outbreak).toEqual({ whoUrl: null, casesUrl: null, fetchTimeoutMs: 10_000 });
    expect(loadConfig({ OUTBREAK_WHO_URL: '  ', OUTBREAK_CASES_URL: '' }).outbreak.whoUrl).toBeNull();
    expect(
      loadConfig({ OUTBREAK_CASES_URL: 'https://disease.sh/v3/covid-19/countries', OUTBREAK_FETCH_TIMEOUT_MS: '2500' })
        .outbreak,
    ).toMatchObject({ casesUrl: 'https://disease.sh/v3/covid-19/countries', fetchTimeoutMs: 2500 });
    expect(() => loadConfig({ OUTBREAK_WHO_URL: 'file:///etc/passwd' })).toThrow(/OUTBREAK_WHO_URL/);
  });

  it('asks the WHO feed by default in production only; an empty value switches it off there too', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).outbreak).toMatchObject({
      whoUrl: WHO_DON_DEFAULT_URL,
      casesUrl: null,
    });
    expect(WHO_DON_DEFAULT_URL).toMatch(/^https:\/\/www\.who\.int\/api\/hubs\/diseaseoutbreaknews\?/);
    expect(loadConfig({ NODE_ENV: 'production', OUTBREAK_WHO_URL: '' }).outbreak.whoUrl).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', OUTBREAK_WHO_URL: 'https://who.example/don' }).outbreak.whoUrl).toBe(
      'https://who.example/don',
    );
    expect(loadConfig({ NODE_ENV: 'development' }).outbreak.whoUrl).toBeNull();
  });

  it('never seeds demo data in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      demoMode: false,
      seedDemo: false,
      secureCookies: true,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).demoMode).toBe(false);
  });

  it('migrates at start except in production on PostgreSQL, where `npm run migrate` does it', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).migrateOnStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).migrateOnStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@localhost/db' }).migrateOnStart).toBe(
      false,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@localhost/db', MIGRATE_ON_START: 'true' })
        .migrateOnStart,
    ).toBe(true);
    expect(() => loadConfig({ MIGRATE_ON_START: 'maybe' })).toThrow(/MIGRATE_ON_START/);
  });

  it('runs the job queue in the serving process unless JOB_WORKER moves it, which needs PostgreSQL', () => {
    const pg = { DATABASE_URL: 'postgres://u@localhost/db' };
    expect(loadConfig({}).jobWorker).toBe('on');
    expect(loadConfig({ ...pg, JOB_WORKER: 'off' }).jobWorker).toBe('off');
    expect(loadConfig({ ...pg, JOB_WORKER: 'only' }).jobWorker).toBe('only');
    expect(() => loadConfig({ JOB_WORKER: 'only' })).toThrow(/JOB_WORKER: off and only need DATABASE_URL/);
    expect(() => loadConfig({ ...pg, JOB_WORKER: 'sometimes' })).toThrow(/JOB_WORKER: must be on, off or only/);
  });

  it('lowers a queue-only process to niceness 10 unless JOB_WORKER_NICE says otherwise, within 0–19', () => {
    expect(loadConfig({}).jobWorkerNice).toBe(10);
    expect(loadConfig({ JOB_WORKER_NICE: '0' }).jobWorkerNice).toBe(0);
    expect(() => loadConfig({ JOB_WORKER_NICE: '-5' })).toThrow(/JOB_WORKER_NICE/);
    expect(() => loadConfig({ JOB_WORKER_NICE: '20' })).toThrow(/JOB_WORKER_NICE/);
    expect(() => loadConfig({ JOB_WORKER_NICE: 'low' })).toThrow(/JOB_WORKER_NICE/);
  });

  it('listens on this machine only in demo mode unless HOST is set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
  });

  it('refuses demo mode and demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toThrow(/DEMO_MODE: must be off/);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: must be off/);
  });

  it('names every bad variable on its own line', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_MODE: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.join('\n')).toMatch(/^PORT: /m);
      expect(problems.join('\n')).toMatch(/^DATABASE_URL: must start with postgres/m);
      expect(problems.join('\n')).toMatch(/^DEMO_MODE: must be true or false/m);
    }
  });

  it('reads who may see /metrics: addresses or ranges, and an optional token', () => {
    expect(loadConfig({}).metrics).toEqual({ allow: ['127.0.0.1', '::1'], token: undefined });
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, ::1', METRICS_TOKEN: ' sixteen-chars-ok ' }).metrics).toEqual({
      allow: ['10.0.0.0/8', '::1'],
      token: 'sixteen-chars-ok',
    });
    expect(loadConfig({ METRICS_ALLOW: '', METRICS_TOKEN: '' }).metrics).toEqual({ allow: [], token: undefined });
    expect(() => loadConfig({ METRICS_ALLOW: 'localhost' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('keeps room for requests beside the two LISTEN connections', () => {
    expect(loadConfig({ DB_POOL_SIZE: '3' }).dbPoolSize).toBe(3);
    expect(() => loadConfig({ DB_POOL_SIZE: '2' })).toThrow(/DB_POOL_SIZE: must be at least 3/);
  });

  it('reads the operator from OPERATOR_*, says "Demo operator" in demo mode and never invents details', () => {
    expect(loadConfig({}).operator).toEqual({ legalName: 'Demo operator', address: '', email: '', phone: '' });
    expect(loadConfig({ NODE_ENV: 'production' }).operator).toEqual({
      legalName: '',
      address: '',
      email: '',
      phone: '',
    });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        OPERATOR_NAME: ' Medora Health Ltd ',
        OPERATOR_ADDRESS: '1 Grand Canal Square; Dublin 2;; Ireland',
        OPERATOR_EMAIL: 'privacy@medora.example',
        OPERATOR_PHONE: '+353 1 234 5678',
      }).operator,
    ).toEqual({
      legalName: 'Medora Health Ltd',
      address: '1 Grand Canal Square\nDublin 2\nIreland',
      email: 'privacy@medora.example',
      phone: '+353 1 234 5678',
    });
    expect(loadConfig({ OPERATOR_NAME: 'Clinic Co' }).operator.legalName).toBe('Clinic Co');
    // Read straight from the environment, demo mode is decided as loadConfig decides it.
    expect(operatorDetails({}).legalName).toBe('Demo operator');
    expect(operatorDetails({ DEMO_MODE: 'false' }).legalName).toBe('');
    expect(operatorDetails({ DATABASE_URL: 'postgres://u@localhost/db' }).legalName).toBe('');
  });

  it('refuses operator details that are not what they say', () => {
    expect(() => loadConfig({ OPERATOR_EMAIL: 'not an address' })).toThrow(/OPERATOR_EMAIL: must be an e-mail address/);
    expect(() => loadConfig({ OPERATOR_PHONE: 'call us' })).toThrow(/OPERATOR_PHONE: must be a phone number/);
    expect(() => loadConfig({ OPERATOR_NAME: 'Evil\u0000Corp' })).toThrow(/OPERATOR_NAME: must not contain control/);
    expect(() => loadConfig({ OPERATOR_ADDRESS: 'x'.repeat(401) })).toThrow(/OPERATOR_ADDRESS: must be at most 400/);
  });
});
