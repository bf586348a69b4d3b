import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

export type Reply = { status: number; text: string; contentType: string };

/**
 * The load generator's HTTP client: node:http on kept-alive connections. The generator shares the
 * two cores with the app and PostgreSQL, and `fetch` cost it about twice the CPU per request
 * (streams, a Headers object and an abort signal per request), load the app never made. It asks for
 * compressed replies as `fetch` did, so the app still compresses what a browser would receive.
 */
export class HttpClient {
  // An idle connection is closed well before the server's own keep-alive timeout (Fastify's 72 s),
  // so a request never goes out on a socket the server is closing at that moment.
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 30_000 });
  private readonly url: URL;

  constructor(
    base: string,
    private readonly timeoutMs: number,
  ) {
    this.url = new URL(base);
  }

  /** Rejects with an error named TimeoutError when no whole reply came within the timeout. */
  request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          agent: this.agent,
          headers: {
            'accept-encoding': 'gzip, deflate',
            ...headers,
            ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', fail);
          res.on('end', () => {
            clearTimeout(timer);
            try {
              const raw = Buffer.concat(chunks);
              const encoding = res.headers['content-encoding'];
              const plain = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
              resolve({
                status: res.statusCode ?? 0,
                text: plain.toString('utf8'),
                contentType: res.headers['content-type'] ?? '',
              });
            } catch (error) {
              reject(error as Error);
            }
          });
        },
      );
      function fail(error: Error) {
        clearTimeout(timer);
        reject(error);
      }
      const timer = setTimeout(() => {
        const error = new Error(`no reply within ${this.timeoutMs} ms`);
        error.name = 'TimeoutError';
        req.destroy(error);
      }, this.timeoutMs);
      req.on('error', fail);
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}
