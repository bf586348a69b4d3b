// Fails when a client query has no query function of its own, casts its reply through a type
// argument, or a request is sent around the endpoint definitions (see ./client-queries.mjs).
import path from 'node:path';
import { checkClientQueries } from './client-queries.mjs';

const problems = checkClientQueries(path.resolve(import.meta.dirname, '..'));
if (problems.length > 0) {
  console.error(`Client queries outside the typed data layer (${problems.length}):`);
  for (const p of problems) console.error(`  ${p}`);
  console.error("Give each query its feature's queryOptions (queryFn parsing the reply with its schema).");
  process.exit(1);
}
console.log('Every client query has its own query function; no reply is cast; every request has an endpoint.');
