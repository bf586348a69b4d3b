import { describe, expect, it } from 'vitest';
import { documentTitle } from '../ui/document-title';
import { routeTitleFor } from './route-title';
import { ROUTES } from './route-table';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const samplePath = (path: string) => (path === '*' ? '/no/such/page' : path.replace(':id', SAMPLE_ID));

describe('document titles', () => {
  it('walks the route table: every route has a title of its own', () => {
    const untitled = ROUTES.filter((route) => !route.title.trim() || /medora$/i.test(route.title.trim()));
    expect(untitled.map((route) => route.path)).toEqual([]);
    for (const route of ROUTES) expect(routeTitleFor(samplePath(route.path)), route.path).toBe(route.title);
  });

  it('names the tab "<page> · Medora"', () => {
    expect(documentTitle('My Appointments')).toBe('My Appointments · Medora');
    expect(routeTitleFor('/appointments')).toBe('My Appointments');
    expect(routeTitleFor('/doctor/appointments')).toBe('Patient Visits');
    expect(routeTitleFor('/nowhere')).toBe('Page Not Found');
  });
});
