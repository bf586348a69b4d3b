import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one path answers: a status and body, optionally late, so timeouts can be tested. */
export type FixtureResponse = { status?: number; body: string; delayMs?: number; contentType?: string };

export type FixtureServer = {
  url: (path: string) => string;
  /** Replace what a path answers, between syncs. */
  set: (path: string, response: FixtureResponse) => void;
  requests: string[];
  close: () => Promise<void>;
};

/** A local HTTP server on 127.0.0.1 standing in for a public feed; tests never leave the machine. */
export async function startFixtureServer(routes: Record<string, FixtureResponse>): Promise<FixtureServer> {
  const table = new Map(Object.entries(routes));
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const response = table.get(path.split('?')[0]);
    const answer = () => {
      if (!response) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(response.status ?? 200, { 'content-type': response.contentType ?? 'application/json' });
      res.end(response.body);
    };
    if (response?.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, response.delayMs);
      timers.add(timer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, response) => table.set(path, response),
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const readFixture = (url: URL) => readFile(url, 'utf8');
