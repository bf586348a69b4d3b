// drizzle-orm asks `is(value, Class)` several times for every piece of every statement it builds,
// and each "no" walks the value's class chain reading a symbol from each class: under the soak's mix
// building SQL was 8.5 % of the server's busy samples, and `is` alone 5.7 % (decision 109).
// The bundle gets the same function with each class's kinds remembered after its first walk.
import { readFileSync } from 'node:fs';

const WALK = `  let cls = Object.getPrototypeOf(value).constructor;
  if (cls) {
    while (cls) {
      if (entityKind in cls && cls[entityKind] === type[entityKind]) {
        return true;
      }
      cls = Object.getPrototypeOf(cls);
    }
  }
  return false;
}`;

// The classes' static kinds never change once defined, so a class's walk is done once; a
// WeakMap lets classes made at run time (a table's alias) go.
const REMEMBERED = `  const ctor = Object.getPrototypeOf(value)?.constructor;
  if (typeof ctor !== "function") {
    return false;
  }
  let kinds = kindsOf.get(ctor);
  if (kinds === void 0) {
    kinds = new Set();
    for (let cls = ctor; cls; cls = Object.getPrototypeOf(cls)) {
      if (entityKind in cls) kinds.add(cls[entityKind]);
    }
    kindsOf.set(ctor, kinds);
  }
  return kinds.has(type[entityKind]);
}`;

/** drizzle-orm/entity.js with the remembering `is`; throws if drizzle's function is not the one this replaces. */
export function fastIsSource(source) {
  if (!source.includes(WALK) || !source.includes('\nfunction is(value, type) {'))
    throw new Error('drizzle-orm/entity.js changed: review scripts/drizzle-is.mjs (decision 109) against the new `is`');
  return source
    .replace(WALK, REMEMBERED)
    .replace('\nfunction is(value, type) {', '\nconst kindsOf = new WeakMap();\nfunction is(value, type) {');
}

/** The esbuild plugin that bundles drizzle-orm with it. */
export const drizzleIsPlugin = {
  name: 'drizzle-remembered-is',
  setup(build) {
    build.onLoad({ filter: /[\\/]drizzle-orm[\\/]entity\.js$/ }, (args) => ({
      contents: fastIsSource(readFileSync(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
