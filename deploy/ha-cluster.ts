import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pgBin } from './pg-cluster';

/**
 * A pg_auto_failover formation of the test's own (decision 075): a monitor and two PostgreSQL nodes,
 * each on its own "machine", a network namespace joined to the others by a veth pair on a private
 * bridge (10.39.N.0/24, nothing else attached). The primary commits synchronously to the standby.
 * A machine is lost by killing its postmaster and taking its link down, never by a clean stop.
 */
export type NodeName = 'a' | 'b';
export type NodeState = { name: NodeName; reported: string; goal: string };

const PAUTOCTL = '/usr/bin/pg_autoctl';
const PORTS = { mon: 5741, a: 5742, b: 5743 } as const;
const HOST = { mon: 10, a: 11, b: 12 } as const;

/**
 * Failure detection tuned from pg_auto_failover's defaults (5 s checks, 20 s unhealthy, 30 s demote
 * timeout, about 50 s to promote) so a lost primary is replaced in seconds. The demote timeout stays
 * above the keepers' network_partition_timeout: a primary cut off from the monitor and its standby
 * stops taking writes before the standby is promoted (docs/operations.md gives these figures).
 */
export const MONITOR_SETTINGS = {
  'pgautofailover.health_check_period': 1000,
  'pgautofailover.health_check_timeout': 1000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 4000,
  'pgautofailover.primary_demote_timeout': 6000,
};
export const NETWORK_PARTITION_TIMEOUT_S = 3;

export function missingForHa(): string | null {
  if (!pgBin()) return 'PostgreSQL binaries are not installed (apt-get install postgresql)';
  if (!existsSync(PAUTOCTL) || !existsSync(path.join(pgBin()!, '..', 'lib', 'pgautofailover.so')))
    return 'pg_auto_failover is not installed (apt-get install postgresql-15-auto-failover pg-auto-failover-cli)';
  if (process.getuid?.() !== 0) return 'network namespaces and PostgreSQL as the postgres user need root';
  try {
    execFileSync('ip', ['-V'], { stdio: 'pipe' });
  } catch {
    return 'ip is not installed (apt-get install iproute2)';
  }
  return null;
}

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: 'pipe' }).toString();

export class HaCluster {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'medora-ha-'));
  /** 10.39.N: one subnet per test process, so two runs on one machine never meet. */
  private readonly n = 100 + (process.pid % 150);
  private readonly net = `10.39.${this.n}`;
  private readonly bridge = `mha${this.n}br`;
  private readonly children: ChildProcess[] = [];
  private readonly bin = pgBin()!;

  private ns = (machine: 'mon' | NodeName) => `mha${this.n}-${machine}`;
  private veth = (machine: 'mon' | NodeName) => `mha${this.n}h${machine}`;
  ip = (machine: 'mon' | NodeName) => `${this.net}.${HOST[machine]}`;
  /** What `pg_autoctl show uri` prints for the formation: both nodes, the writable one wanted. */
  get url() {
    return `postgres://postgres@${this.ip('a')}:${PORTS.a},${this.ip('b')}:${PORTS.b}/medora?target_session_attrs=read-write`;
  }
  nodeUrl = (node: NodeName) => `postgres://postgres@${this.ip(node)}:${PORTS[node]}/medora`;
  private monitorUrl = () => `postgres://autoctl_node@${this.ip('mon')}:${PORTS.mon}/pg_auto_failover`;
  private data = (machine: 'mon' | NodeName) => path.join(this.dir, machine);
  private log = (machine: 'mon' | NodeName) => path.join(this.dir, `${machine}.log`);

  /** Bridge, namespaces, veth pairs: the only addresses are private ones on links of our own. */
  private network() {
    run('ip', ['link', 'add', this.bridge, 'type', 'bridge']);
    run('ip', ['addr', 'add', `${this.net}.1/24`, 'dev', this.bridge]);
    run('ip', ['link', 'set', this.bridge, 'up']);
    for (const machine of ['mon', 'a', 'b'] as const) {
      const ns = this.ns(machine);
      run('ip', ['netns', 'add', ns]);
      run('ip', ['link', 'add', this.veth(machine), 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns]);
      run('ip', ['link', 'set', this.veth(machine), 'master', this.bridge, 'up']);
      run('ip', ['-n', ns, 'addr', 'add', `${this.ip(machine)}/24`, 'dev', 'eth0']);
      run('ip', ['-n', ns, 'link', 'set', 'eth0', 'up']);
      run('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
    }
  }

  /** A command as the postgres user on one machine. */
  private on(machine: 'mon' | NodeName, args: string[]) {
    return [
      'netns',
      'exec',
      this.ns(machine),
      'runuser',
      '-u',
      'postgres',
      '--',
      'env',
      `PATH=${this.bin}:/usr/bin:/bin`,
      `PG_CONFIG=${this.bin}/pg_config`,
      `XDG_CONFIG_HOME=${this.data(machine)}/config`,
      `XDG_DATA_HOME=${this.data(machine)}/share`,
      `XDG_RUNTIME_DIR=${this.data(machine)}/run`,
      `PGHOST=${this.dir}/sockets`,
      ...args,
    ];
  }

  private spawnOn(machine: 'mon' | NodeName, args: string[]) {
    const child = spawn('ip', this.on(machine, args), { stdio: ['ignore', 'pipe', 'pipe'] });
    const file = this.log(machine);
    const keep = (chunk: Buffer) => {
      try {
        appendFileSync(file, chunk);
      } catch {
        // the directory is gone: the cluster is being destroyed
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.children.push(child);
    return child;
  }

  /**
   * Our own initdb, so the settings fit a shared test machine (pg_auto_failover would size shared
   * buffers for the whole host) and the host-based rules cover the private subnet. fsync is off:
   * the test kills processes and cuts links, the kernel and its page cache live on.
   */
  private initdb(machine: 'mon' | NodeName) {
    const pgdata = path.join(this.data(machine), 'pg');
    this.machineDir(machine);
    execFileSync('runuser', [
      '-u',
      'postgres',
      '--',
      path.join(this.bin, 'initdb'),
      '-D',
      pgdata,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    appendFileSync(
      path.join(pgdata, 'postgresql.auto.conf'),
      [
        "shared_buffers = '32MB'",
        `unix_socket_directories = '${this.dir}/sockets'`,
        'fsync = off',
        'max_connections = 60',
        "work_mem = '4MB'",
        "maintenance_work_mem = '64MB'",
        "effective_cache_size = '256MB'",
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(pgdata, 'pg_hba.conf'),
      [
        'local all all trust',
        `host all all ${this.net}.0/24 trust`,
        `host replication all ${this.net}.0/24 trust`,
        '',
      ].join('\n'),
    );
    return pgdata;
  }

  private machineDir(machine: 'mon' | NodeName) {
    mkdirSync(path.join(this.data(machine), 'run'), { recursive: true, mode: 0o700 });
    execFileSync('chown', ['-R', 'postgres', this.data(machine)]);
  }

  private createNode(node: NodeName) {
    const pgdata = node === 'a' ? this.initdb('a') : path.join(this.data(node), 'pg');
    // The standby's data directory is pg_basebackup's copy of the primary's.
    if (node === 'b') this.machineDir('b');
    this.spawnOn(node, [
      PAUTOCTL,
      'create',
      'postgres',
      '--pgdata',
      pgdata,
      '--pgport',
      String(PORTS[node]),
      '--hostname',
      this.ip(node),
      '--listen',
      this.ip(node),
      '--name',
      node,
      '--dbname',
      'medora',
      '--monitor',
      `${this.monitorUrl()}?sslmode=disable`,
      // Our own host-based rules (initdb above) instead of pg_autoctl's: its rules for --dbname
      // leave out the database pg_rewind connects to, so a rejoin falls back to a full copy.
      '--no-ssl',
      '--skip-pg-hba',
      '--pgctl',
      path.join(this.bin, 'pg_ctl'),
      '--run',
    ]);
  }

  async monitor<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const admin = this.monitorUrl().replace('autoctl_node@', 'postgres@');
    const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3_000 });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  async states(): Promise<NodeState[]> {
    return this.monitor<NodeState>(
      'select nodename as name, reportedstate as reported, goalstate as goal from pgautofailover.node order by nodeid',
    );
  }

  async waitFor(check: (states: NodeState[]) => boolean, what: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    let last: NodeState[] = [];
    while (Date.now() < deadline) {
      try {
        last = await this.states();
        if (check(last)) return;
      } catch {
        // the monitor is starting
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(
      `pg_auto_failover: ${what} not reached in ${timeoutMs} ms: ${JSON.stringify(last)}\n${this.tail()}`,
    );
  }

  /** The last lines each pg_autoctl printed, for failure messages. */
  tail(lines = 15) {
    return (['mon', 'a', 'b'] as const)
      .map((m) => {
        const file = this.log(m);
        const text = existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines) : [];
        return [`--- ${m}`, ...text].join('\n');
      })
      .join('\n');
  }

  async start() {
    mkdirSync(path.join(this.dir, 'sockets'), { recursive: true });
    execFileSync('chown', ['postgres', this.dir, path.join(this.dir, 'sockets')]);
    this.network();
    const monData = this.initdb('mon');
    this.spawnOn('mon', [
      PAUTOCTL,
      'create',
      'monitor',
      '--pgdata',
      monData,
      '--pgport',
      String(PORTS.mon),
      '--hostname',
      this.ip('mon'),
      '--listen',
      this.ip('mon'),
      // Our own host-based rules (initdb above) instead of pg_autoctl's: its rules for --dbname
      // leave out the database pg_rewind connects to, so a rejoin falls back to a full copy.
      '--no-ssl',
      '--skip-pg-hba',
      '--pgctl',
      path.join(this.bin, 'pg_ctl'),
      '--run',
    ]);
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await this.monitor('select 1 from pgautofailover.formation');
        break;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`monitor did not start: ${(error as Error).message}\n${this.tail()}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    for (const [name, value] of Object.entries(MONITOR_SETTINGS))
      await this.monitor(`alter system set ${name} = ${value}`);
    await this.monitor('select pg_reload_conf()');

    this.createNode('a');
    await this.waitFor((s) => s.some((n) => n.name === 'a' && n.reported === 'single'), 'a single primary', 90_000);
    // pg_basebackup waits for a spread checkpoint (minutes here); one done now leaves it nothing to wait for.
    await this.sql('a', 'checkpoint');
    this.createNode('b');
    await this.waitFor(
      (s) =>
        s.length === 2 &&
        s.some((n) => n.name === 'a' && n.reported === 'primary' && n.goal === 'primary') &&
        s.some((n) => n.name === 'b' && n.reported === 'secondary' && n.goal === 'secondary'),
      'primary a with secondary b',
      120_000,
    );
    for (const node of ['a', 'b'] as const) {
      execFileSync(
        'ip',
        this.on(node, [
          PAUTOCTL,
          'config',
          'set',
          '--pgdata',
          path.join(this.data(node), 'pg'),
          'timeout.network_partition_timeout',
          String(NETWORK_PARTITION_TIMEOUT_S),
        ]),
        { stdio: 'pipe' },
      );
    }
    // The running keepers read the new timeout on reload.
    for (const node of ['a', 'b'] as const)
      execFileSync('ip', this.on(node, [PAUTOCTL, 'reload', '--pgdata', path.join(this.data(node), 'pg')]), {
        stdio: 'pipe',
      });
  }

  async sql<T extends pg.QueryResultRow>(node: NodeName, text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.nodeUrl(node), connectionTimeoutMillis: 3_000 });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** The machine is lost: its postmaster killed, its link cut. Its pg_autoctl lives on, cut off. */
  loseMachine(node: NodeName) {
    const pid = Number(readFileSync(path.join(this.data(node), 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    // The link first: a dying backend's FIN must not reach the app, which would then drop that
    // connection at once. A machine that loses power says nothing; the app must find out itself.
    run('ip', ['link', 'set', this.veth(node), 'down']);
    process.kill(pid, 'SIGKILL');
  }

  /** The machine is back on the network. */
  reconnect(node: NodeName) {
    run('ip', ['link', 'set', this.veth(node), 'up']);
  }

  /** Everything this cluster started, by pid (all of it lives in the namespaces), then the network. */
  destroy() {
    for (const machine of ['mon', 'a', 'b'] as const) {
      let pids: string[] = [];
      try {
        pids = run('ip', ['netns', 'pids', this.ns(machine)])
          .split('\n')
          .filter(Boolean);
      } catch {
        // no such namespace
      }
      for (const pid of pids)
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // gone already
        }
    }
    for (const child of this.children) if (child.exitCode === null && child.pid) child.kill('SIGKILL');
    for (const machine of ['mon', 'a', 'b'] as const)
      try {
        run('ip', ['netns', 'del', this.ns(machine)]);
      } catch {
        // never made
      }
    try {
      run('ip', ['link', 'del', this.bridge]);
    } catch {
      // never made
    }
    if (!process.env.HA_KEEP_DIR) rmSync(this.dir, { recursive: true, force: true });
  }
}
