import { execFileSync } from 'node:child_process';

/**
 * Cuts the call's media on loopback while the app's own port (HTTP and the signalling WebSocket)
 * keeps working: every packet on `lo` goes to a class whose queue holds nothing (pfifo limit 0),
 * except TCP to and from `appPort`. Only htb, pfifo and the u32 classifier are needed (no netem, no
 * iptables; they are missing from many kernels), and inside `unshare -rn` we are root of our own
 * network namespace, so the machine's network is untouched. UDP and any ICE-TCP pair die alike.
 */
export function cutMedia(appPort: number): void {
  const tc = (...args: string[]) => execFileSync('tc', args, { stdio: 'pipe' });
  tc('qdisc', 'add', 'dev', 'lo', 'root', 'handle', '1:', 'htb', 'default', '20', 'r2q', '100000');
  tc('class', 'add', 'dev', 'lo', 'parent', '1:', 'classid', '1:10', 'htb', 'rate', '10gbit');
  tc('class', 'add', 'dev', 'lo', 'parent', '1:', 'classid', '1:20', 'htb', 'rate', '10gbit');
  tc('qdisc', 'add', 'dev', 'lo', 'parent', '1:20', 'handle', '20:', 'pfifo', 'limit', '0');
  for (const direction of ['dport', 'sport']) {
    tc(
      ...['filter', 'add', 'dev', 'lo', 'parent', '1:', 'protocol', 'ip', 'prio', '1', 'u32'],
      ...[
        'match',
        'ip',
        'protocol',
        '6',
        '0xff',
        'match',
        'ip',
        direction,
        String(appPort),
        '0xffff',
        'flowid',
        '1:10',
      ],
    );
  }
}

/** Whether this machine's `tc` can shape loopback here (iproute2 present). */
export function canShapeLoopback(): boolean {
  try {
    execFileSync('tc', ['qdisc', 'show', 'dev', 'lo'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** Lets everything through again. */
export function restoreNetwork(): void {
  execFileSync('tc', ['qdisc', 'del', 'dev', 'lo', 'root'], { stdio: 'pipe' });
}

/**
 * A bad link instead of a dead one: UDP squeezed through a 40 kbit/s class with a short queue, so
 * video loses most of its packets and its frame rate (real loss, for the "poor" screenshots).
 */
export function throttleUdp(): void {
  const tc = (...args: string[]) => execFileSync('tc', args, { stdio: 'pipe' });
  tc('qdisc', 'add', 'dev', 'lo', 'root', 'handle', '1:', 'htb', 'default', '10', 'r2q', '100000');
  tc('class', 'add', 'dev', 'lo', 'parent', '1:', 'classid', '1:10', 'htb', 'rate', '10gbit');
  tc('class', 'add', 'dev', 'lo', 'parent', '1:', 'classid', '1:20', 'htb', 'rate', '40kbit', 'ceil', '40kbit');
  tc('qdisc', 'add', 'dev', 'lo', 'parent', '1:20', 'handle', '20:', 'pfifo', 'limit', '4');
  tc(
    'filter',
    'add',
    'dev',
    'lo',
    'parent',
    '1:',
    'protocol',
    'ip',
    'prio',
    '1',
    'u32',
    'match',
    'ip',
    'protocol',
    '17',
    '0xff',
    'flowid',
    '1:20',
  );
}
