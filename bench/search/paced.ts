import http from 'node:http';
import { summarize, type Summary } from './stats';

/**
 * Offers the paths at a steady `rate` a second for `seconds` (open loop): request i is due at
 * i / rate, whether or not earlier ones have been answered. Its latency counts from when it was due,
 * so a wait for a free connection or a stalled server shows in the figures instead of slowing the
 * load down (autocannon's rate sends each second's share in a burst, then waits).
 */
export async function paced(opts: {
  port: number;
  paths: string[];
  rate: number;
  seconds: number;
  connections: number;
}): Promise<Summary> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const total = Math.floor(opts.rate * opts.seconds);
  if (opts.paths.length < total) throw new Error(`${total} requests need as many paths; ${opts.paths.length} given`);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  const send = (path: string, due: number) => {
    const done = new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port: opts.port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - due);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / opts.rate <= now) {
        send(opts.paths[sent], start + (sent * 1000) / opts.rate);
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  // Over the time to the last answer: past its capacity the app answers fewer a second than offered.
  return summarize(latencies, (performance.now() - start) / 1000, errors);
}
