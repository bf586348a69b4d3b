import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AssistantWidget } from '../features/assistant/assistant-widget';
import { useCurrentUser } from '../features/auth/api';
import { Spinner } from '../ui/spinner';
import { Toaster } from '../ui/toaster';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function Layout() {
  const { user } = useCurrentUser();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Navbar user={user} />
      <main id="main" className="flex-1">
        <Suspense fallback={<div className="flex justify-center py-20"><Spinner className="h-8 w-8" /></div>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <AssistantWidget />
      <Toaster />
    </div>
  );
}
