// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showIn } from '../test-support/language';
import { RouteErrorBoundary } from './route-error-boundary';
import { screenComponent } from './route-screens';

const CHUNK_ERROR = 'Failed to fetch dynamically imported module: http://localhost/assets/find-doctors-page-x1.js';

function renderRoutes(path: string, routes: { path: string; element: ReactNode }[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <nav>
        <Link to="/doctors/good">Good doctor</Link>
        <Link to="/about">About</Link>
      </nav>
      <Suspense fallback={<p>Loading screen</p>}>
        <Routes>
          {routes.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={<RouteErrorBoundary>{route.element}</RouteErrorBoundary>}
            />
          ))}
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

/** A screen in its own (fake) chunk, made the way the app makes the route list's screens. */
function lazyRoute(load: () => Promise<ComponentType>) {
  return screenComponent({ path: '/doctors', access: 'public', title: 'Find Doctors', screen: { kind: 'lazy', load } });
}

function Doctor() {
  const { id } = useParams();
  if (id === 'bad') throw new Error('Cannot read properties of undefined');
  return <h1>Doctor {id}</h1>;
}

const reload = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  vi.stubGlobal('location', { ...window.location, reload });
  // React reports every caught error on the console; these tests cause them on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  showIn('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RouteErrorBoundary', () => {
  it('says the failure in the reader’s language', async () => {
    showIn('ar');
    renderRoutes('/doctors/bad', [{ path: '/doctors/:id', element: <Doctor /> }]);
    expect(await screen.findByRole('heading', { name: 'حدث خطأ ما' })).toBeTruthy();
    expect(
      screen.getByText('توقّف شيء ما في هذه الصفحة عن العمل. حاول مرة أخرى، أو عُد إلى الصفحة الرئيسية.'),
    ).toBeTruthy();
  });

  it('shows the error card for a screen that throws, with focus on its heading', async () => {
    renderRoutes('/doctors/bad', [{ path: '/doctors/:id', element: <Doctor /> }]);
    const heading = await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(reload).not.toHaveBeenCalled();
  });

  it('renders the screen again on Try again', async () => {
    let fail = true;
    const Flaky = () => {
      if (fail) throw new Error('boom');
      return <h1>Appointments</h1>;
    };
    renderRoutes('/appointments', [{ path: '/appointments', element: <Flaky /> }]);
    await screen.findByRole('heading', { name: 'Something went wrong' });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Appointments' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears the error when the user navigates to another path, even on the same route', async () => {
    renderRoutes('/doctors/bad', [
      { path: '/doctors/:id', element: <Doctor /> },
      { path: '/about', element: <h1>About Medora</h1> },
    ]);
    await screen.findByRole('heading', { name: 'Something went wrong' });
    fireEvent.click(screen.getByRole('link', { name: 'Good doctor' }));
    expect(await screen.findByRole('heading', { name: 'Doctor good' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('reloads once for a chunk that failed to load, then shows the card when it fails again', async () => {
    const load = vi.fn<() => Promise<ComponentType>>(() => Promise.reject(new TypeError(CHUNK_ERROR)));
    const FirstPage = lazyRoute(load);
    renderRoutes('/doctors', [{ path: '/doctors', element: <FirstPage /> }]);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem('medora:chunk-reload:/doctors')).not.toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();

    // The reloaded page: fresh modules, same session, and the chunk is still missing.
    cleanup();
    const AfterReload = lazyRoute(load);
    renderRoutes('/doctors', [{ path: '/doctors', element: <AfterReload /> }]);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);

    // The browser keeps a failed import for the page's life: Try again reloads, because the user asked.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(2);

    // That reload finds the chunk; once it rendered, a later deploy may reload this path again.
    cleanup();
    load.mockImplementation(() => Promise.resolve(() => <h1>Find Doctors</h1>));
    const Fixed = lazyRoute(load);
    renderRoutes('/doctors', [{ path: '/doctors', element: <Fixed /> }]);
    expect(await screen.findByRole('heading', { name: 'Find Doctors' })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem('medora:chunk-reload:/doctors')).toBeNull());
  });

  it('does not reload for a chunk error when session storage is unusable', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const Page = lazyRoute(() => Promise.reject(new TypeError('Importing a module script failed.')));
    renderRoutes('/doctors', [{ path: '/doctors', element: <Page /> }]);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the card instead of waiting when storage cannot remember the reload', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const Page = lazyRoute(() => Promise.reject(new TypeError(CHUNK_ERROR)));
    renderRoutes('/doctors', [{ path: '/doctors', element: <Page /> }]);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });
});
