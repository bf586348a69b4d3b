import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNginxConf, ROOT } from './instances';

/**
 * Docker cannot run here and hadolint is not on the package registries, so the properties that
 * matter are checked as text (docs/operations.md has the rest of the checklist).
 */
const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
// Instructions with their continuation lines joined, comments dropped.
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const stages = instructions.reduce<string[][]>((all, line) => {
  if (/^FROM /i.test(line)) all.push([]);
  all.at(-1)?.push(line);
  return all;
}, []);
const runtime = stages.at(-1) ?? [];

describe('Dockerfile', () => {
  it('builds in one stage and runs from another', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtime.some((line) => /^COPY --from=build /.test(line))).toBe(true);
  });

  it('installs only production dependencies in the final image', () => {
    expect(runtime.some((line) => /^RUN npm ci\b.*--omit=dev/.test(line))).toBe(true);
    expect(runtime.some((line) => /^RUN npm (install|i)\b/.test(line))).toBe(false);
  });

  it('runs the built server as a non-root user', () => {
    const user = runtime.filter((line) => /^USER /.test(line)).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
    // The same command as `npm start`, flags and all (the heap budget, decision 103).
    const start = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
      .scripts.start;
    expect(runtime.at(-1)).toBe(`CMD ${JSON.stringify(start.split(' ')).replaceAll('","', '", "')}`);
  });

  it('checks readiness, not just that the process is up', () => {
    expect(runtime.find((line) => /^HEALTHCHECK /.test(line))).toContain('/api/health/ready');
  });

  it('pins base images to a tag and uses exec-form commands', () => {
    for (const line of instructions.filter((l) => /^FROM /.test(l))) expect(line).not.toMatch(/:latest\b/);
    // The image runs the default Node that CI tests (.nvmrc).
    const major = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim().split('.')[0];
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_IMAGE=node:${major}-[a-z]+-slim$`, 'm'));
    for (const line of instructions.filter((l) => /^(CMD|ENTRYPOINT) /.test(l))) expect(line).toMatch(/^\w+ \[/);
  });

  it('leaves secrets and local state out of the build context', () => {
    const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.git', 'node_modules', '.data', '.env', 'dist']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml and deploy/nginx.conf', () => {
  const compose = readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
  const nginx = readNginxConf();

  it('runs PostgreSQL, two app instances and nginx with the same configuration file', () => {
    for (const service of ['db', 'app1', 'app2', 'proxy']) expect(compose).toMatch(new RegExp(`^  ${service}:`, 'm'));
    expect(compose).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(compose).toMatch(/TRUST_PROXY: \S+/);
  });

  it('runs coturn beside the app with the secret they share, never relaying into private networks', () => {
    expect(compose).toMatch(/^ {2}turn:\n {4}image: coturn\/coturn:\d[\w.-]*\n/m);
    expect(compose).toContain('- --use-auth-secret');
    expect(compose).toContain('- --static-auth-secret=${TURN_SECRET:?');
    expect(compose).toMatch(/^ {4}TURN_SECRET: \$\{TURN_SECRET:\?/m);
    expect(compose).toMatch(/^ {4}TURN_URLS: turn:\S+:3478\?transport=udp,/m);
    for (const range of ['10.0.0.0-10.255.255.255', '172.16.0.0-172.31.255.255', '192.168.0.0-192.168.255.255'])
      expect(compose).toContain(`- --denied-peer-ip=${range}`);
    expect(compose).not.toContain('--allow-loopback-peers');
  });

  it('upgrades the socket, forwards client address, scheme and host, and leaves compression to the app', () => {
    expect(nginx).toMatch(/location = \/ws \{[^}]*proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginx).toMatch(/location = \/ws \{[^}]*proxy_set_header Connection \$connection_upgrade;/);
    for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host'])
      expect(nginx.match(new RegExp(`proxy_set_header ${header} `, 'g'))).toHaveLength(2);
    expect(nginx).toMatch(/^\s*gzip off;/m);
    expect(nginx).not.toMatch(/^\s*(gzip|brotli) on;/m);
  });
});
