import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedDatabaseExists, prepareInChild } from './prepare-first';

const dir = () => mkdtempSync(path.join(tmpdir(), 'medora-prepare-'));

describe('a first start of the embedded database', () => {
  it('is told by the database files missing', () => {
    const dataDir = dir();
    expect(embeddedDatabaseExists(dataDir)).toBe(false);
    mkdirSync(path.join(dataDir, 'pglite'));
    expect(embeddedDatabaseExists(dataDir)).toBe(false);
    writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    expect(embeddedDatabaseExists(dataDir)).toBe(true);
  });

  it('prepares in a child process run with the same arguments and --prepare-only', async () => {
    const work = dir();
    const program = path.join(work, 'program.mjs');
    const out = path.join(work, 'argv.json');
    writeFileSync(
      program,
      `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.argv.slice(2)));`,
    );
    await prepareInChild([program, '--api-only'], []);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(['--api-only', '--prepare-only']);
  });

  it('fails the start when preparing fails', async () => {
    const program = path.join(dir(), 'program.mjs');
    writeFileSync(program, 'process.exit(3);');
    await expect(prepareInChild([program], [])).rejects.toThrow('preparing the database failed (exit code 3)');
  });
});
