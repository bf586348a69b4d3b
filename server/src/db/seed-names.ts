import type { SeedRegion } from './seed-data/countries';
import { FIRST_NAMES, LAST_NAMES } from './seed-data/names';

type Named = { firstName: string; lastName: string };

/**
 * Full names already given out, so no two demo doctors share one: a directory with two
 * "Dr. Sarah Miller"s reads as a bug, and a patient could book the wrong one.
 */
export class NameRegister {
  private readonly used = new Set<string>();

  private key({ firstName, lastName }: Named): string {
    return `${firstName} ${lastName}`.toLowerCase();
  }

  reserve(name: Named): void {
    this.used.add(this.key(name));
  }

  /**
   * `name` when it is free; otherwise the region's next free first name with the same surname
   * (bios and websites name the surname), and only when those run out another surname. Takes no
   * random numbers, so resolving a clash never moves anything else the seed makes.
   */
  claim(name: Named, region: SeedRegion): Named {
    const firsts = FIRST_NAMES[region];
    const lasts = LAST_NAMES[region];
    const fi = Math.max(0, firsts.indexOf(name.firstName));
    const li = Math.max(0, lasts.indexOf(name.lastName));
    const candidates = function* () {
      yield name;
      for (let df = 1; df < firsts.length; df++) yield { ...name, firstName: firsts[(fi + df) % firsts.length] };
      for (let dl = 1; dl < lasts.length; dl++) {
        for (let df = 0; df < firsts.length; df++) {
          yield { firstName: firsts[(fi + df) % firsts.length], lastName: lasts[(li + dl) % lasts.length] };
        }
      }
    };
    for (const candidate of candidates()) {
      if (this.used.has(this.key(candidate))) continue;
      this.reserve(candidate);
      return candidate;
    }
    // Every pairing of the region is taken (only in directories far larger than the demo's).
    return name;
  }
}
