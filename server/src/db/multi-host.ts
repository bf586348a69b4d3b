import pg from 'pg';

/**
 * libpq's multi-host connection strings (`postgres://user@a:5432,b:5432/medora?target_session_attrs=read-write`,
 * what `pg_autoctl show uri` prints), which node-postgres does not parse: one URL per host, and
 * whether only a writable server will do. Null for an ordinary single-host URL.
 */
export function splitHosts(url: string): { urls: string[]; readWrite: boolean } | null {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/.exec(url);
  if (!match || !match[3].includes(',')) return null;
  const [, scheme, auth = '', hosts, rest] = match;
  const [pathPart, query = ''] = rest.split('?');
  const params = new URLSearchParams(query);
  const attrs = params.get('target_session_attrs') ?? 'any';
  if (!['any', 'read-write', 'primary'].includes(attrs))
    throw new Error(`DATABASE_URL: target_session_attrs=${attrs} is not supported (any, read-write or primary)`);
  params.delete('target_session_attrs');
  const tail = `${pathPart}${params.size ? `?${params}` : ''}`;
  return { urls: hosts.split(',').map((host) => `${scheme}${auth}${host}${tail}`), readWrite: attrs !== 'any' };
}

/**
 * A pg.Client class for the pool that connects to one host of the list at a time, starting with the
 * last one that served, and with `readWrite` refuses a server that is read-only (a standby, or a
 * primary being demoted). A refused or failed connection moves the next attempt to the next host:
 * after a failover the pool finds the promoted standby within a connection attempt or two, and
 * meanwhile the request fails as "database unavailable" (503 with Retry-After).
 */
export function multiHostClient(urls: string[], readWrite: boolean): typeof pg.Client {
  let current = 0;
  class MultiHostClient extends pg.Client {
    private readonly hostIndex: number;

    constructor(config?: pg.ClientConfig) {
      const hostIndex = current;
      super({ ...config, connectionString: urls[hostIndex] });
      this.hostIndex = hostIndex;
    }

    connect(): Promise<pg.Client>;
    connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the two callback shapes of the overloads
    connect(callback?: (...args: any[]) => void): Promise<pg.Client> | void {
      const connected = this.connectToWanted().then(() => this);
      if (!callback) return connected;
      connected.then((client) => callback(null, client), callback);
    }

    private async connectToWanted() {
      try {
        await super.connect();
        if (!readWrite) return;
        const { rows } = await super.query<{ transaction_read_only: string }>('show transaction_read_only');
        if (rows[0]?.transaction_read_only === 'on') {
          await this.end().catch(() => {});
          // 08001: the client could not establish a (writable) connection; the app answers 503.
          throw Object.assign(new Error(`${urls[this.hostIndex].replace(/\/\/[^@]*@/, '//')} is read-only`), {
            code: '08001',
          });
        }
      } catch (error) {
        if (current === this.hostIndex) current = (this.hostIndex + 1) % urls.length;
        throw error;
      }
    }
  }
  return MultiHostClient;
}
