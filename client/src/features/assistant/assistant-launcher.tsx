import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAssistantCovered } from './use-covered';

// The chat panel and its canned replies load on first use; until then only this button ships.
const loadWidget = () => import('./assistant-widget');
const AssistantWidget = lazy(() => loadWidget().then((m) => ({ default: m.AssistantWidget })));

function LauncherButton({ onOpen }: { onOpen?: () => void }) {
  return (
    <div className="fixed end-4 bottom-(--assistant-bottom) z-40">
      <button
        type="button"
        onClick={onOpen}
        onPointerEnter={() => void loadWidget()}
        onFocus={() => void loadWidget()}
        aria-label="Open health assistant"
        className="inline-flex h-14 w-14 cursor-pointer items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-colors hover:bg-brand-800"
      >
        <MessageCircle aria-hidden className="h-6 w-6" />
      </button>
    </div>
  );
}

/**
 * Hidden (not unmounted: the chat keeps its messages) while a dialog, menu, popover or date picker
 * is open. It sits higher on pages with a sticky action bar at the bottom (`data-sticky-action-bar`),
 * so it never covers that bar's buttons.
 */
function Dock({ children }: { children: ReactNode }) {
  const covered = useAssistantCovered();
  return (
    <div
      hidden={covered}
      data-testid="assistant-dock"
      className="[--assistant-bottom:1rem] [body:has([data-sticky-action-bar])_&]:[--assistant-bottom:6rem]"
    >
      {children}
    </div>
  );
}

export function AssistantLauncher() {
  const [started, setStarted] = useState(false);
  return (
    <Dock>
      {started ? (
        <Suspense fallback={<LauncherButton />}>
          <AssistantWidget startOpen />
        </Suspense>
      ) : (
        <LauncherButton onOpen={() => setStarted(true)} />
      )}
    </Dock>
  );
}
