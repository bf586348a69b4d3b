import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  Column,
  entityKind,
  is,
  Param,
  Placeholder,
  SQL,
  sql,
  Subquery,
  Table,
  View,
  type DrizzleEntityClass,
} from 'drizzle-orm';
import { alias, integer, PgColumn, PgTable, pgTable, pgView, PgUUID, QueryBuilder, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fastIsSource } from './drizzle-is.mjs';

// The ES module, as the server's bundle takes it (not the CommonJS copy `require` would find).
const entitySource = () =>
  readFileSync(
    createRequire(import.meta.url)
      .resolve('drizzle-orm/entity')
      .replace(/\.cjs$/, '.js'),
    'utf8',
  );

async function rememberingIs(): Promise<typeof is> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'drizzle-is-')), 'entity.mjs');
  writeFileSync(file, fastIsSource(entitySource()).replace(/^\/\/# sourceMappingURL=.*$/m, ''));
  return ((await import(pathToFileURL(file).href)) as { is: typeof is }).is;
}

const people = pgTable('people', { id: uuid('id').primaryKey(), age: integer('age') });
// A second copy of drizzle (two installed versions) makes classes that share only the kind.
class CopiedColumn {
  static readonly [entityKind]: string = 'PgColumn';
}
class CopiedUuid extends CopiedColumn {
  static readonly [entityKind] = 'PgUUID';
}

const values: [string, unknown][] = [
  ['a uuid column', people.id],
  ['an integer column', people.age],
  ['a table', people],
  ['an aliased table', alias(people, 'p')],
  ['a column of an aliased table', alias(people, 'q').id],
  ['SQL', sql`select ${people.id} from ${people}`],
  ['aliased SQL', sql`count(*)`.as('n')],
  ['a placeholder', sql.placeholder('id')],
  ['a parameter', new Param(3)],
  ['a subquery', new QueryBuilder().select().from(people).as('sq')],
  ['a view', pgView('adults').as((qb) => qb.select().from(people))],
  ['a copied column', new CopiedColumn()],
  ['a copied uuid column', new CopiedUuid()],
  ['a plain object', { value: 1 }],
  ['an array', [people.id]],
  ['a date', new Date()],
  ['a string', 'id'],
  ['a number', 7],
  ['null', null],
  ['undefined', undefined],
];
const kinds: [string, DrizzleEntityClass<unknown>][] = [
  ['Column', Column],
  ['PgColumn', PgColumn],
  ['PgUUID', PgUUID],
  ['Table', Table],
  ['PgTable', PgTable],
  ['SQL', SQL],
  ['SQL.Aliased', SQL.Aliased],
  ['Placeholder', Placeholder],
  ['Param', Param],
  ['Subquery', Subquery],
  ['View', View],
];

describe("the bundle's drizzle `is`", () => {
  it('answers as drizzle does for every pair of value and class, the first time and again', async () => {
    const remembering = await rememberingIs();
    const answers = (check: typeof is) =>
      values.flatMap(([v, value]) => kinds.map(([k, type]) => `${v} is ${k}: ${check(value, type)}`));
    const drizzle = answers(is);
    expect(drizzle).toContain('a copied uuid column is PgColumn: true');
    expect(drizzle).toContain('an integer column is PgUUID: false');
    expect(answers(remembering)).toEqual(drizzle);
    expect(answers(remembering)).toEqual(drizzle);
  });

  it('still refuses a class that is not an entity', async () => {
    const remembering = await rememberingIs();
    class Stranger {}
    expect(() => remembering(people.id, Stranger as unknown as DrizzleEntityClass<unknown>)).toThrow(
      `Class "Stranger" doesn't look like a Drizzle entity`,
    );
  });

  it('stops the build when drizzle changes the function it replaces', () => {
    const changed = entitySource().replace('cls = Object.getPrototypeOf(cls);', 'cls = Reflect.getPrototypeOf(cls);');
    expect(() => fastIsSource(changed)).toThrow('drizzle-orm/entity.js changed');
  });
});
