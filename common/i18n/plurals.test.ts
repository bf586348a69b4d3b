import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import arDoctors from './ar/doctors.json';
import enDoctors from './en/doctors.json';
import esDoctors from './es/doctors.json';

// The catalogues' plural forms as the screens render them (ICU rules of each language).
const intl = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages });
const en = intl('en-US', enDoctors);
const es = intl('es', esDoctors);
const ar = intl('ar-u-nu-latn', arDoctors);
const showing = (i: ReturnType<typeof intl>, count: number) =>
  i.formatMessage({ id: 'doctors.find.showing' }, { count });

describe('plurals', () => {
  it('English keeps the spec sentence', () => {
    expect(showing(en, 1)).toBe('Showing 1 doctor');
    expect(showing(en, 12)).toBe('Showing 12 doctors');
  });

  it('Spanish agrees the verb and the noun', () => {
    expect(showing(es, 1)).toBe('Se muestra 1 médico');
    expect(showing(es, 12)).toBe('Se muestran 12 médicos');
  });

  it('Arabic has its six forms', () => {
    expect(showing(ar, 1)).toBe('عرض طبيب واحد');
    expect(showing(ar, 2)).toBe('عرض طبيبين');
    expect(showing(ar, 3)).toBe('عرض 3 أطباء');
    expect(showing(ar, 11)).toBe('عرض 11 طبيبًا');
    expect(showing(ar, 100)).toBe('عرض 100 طبيب');
    expect(showing(ar, 0)).toBe('لا يوجد أطباء');
  });

  it('amounts inside a message follow the language', () => {
    expect(en.formatMessage({ id: 'doctors.filters.upTo' }, { fee: 1000 })).toBe('Up to $1000');
    expect(es.formatMessage({ id: 'doctors.filters.upTo' }, { fee: 1000 })).toBe('Hasta 1000 US$');
    expect(ar.formatMessage({ id: 'doctors.filters.upTo' }, { fee: 1000 })).toBe('حتى 1000 دولار أمريكي');
  });
});
