import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// The chat panel and its canned replies load on first use; until then only this button ships.
const loadWidget = () => import('./assistant-widget');
const AssistantWidget = lazy(() => loadWidget().then((m) => ({ default: m.AssistantWidget })));

function LauncherButton({ onOpen }: { onOpen?: () => void }) {
  return (
    <div className="fixed right-4 bottom-4 z-40">
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

export function AssistantLauncher() {
  const [started, setStarted] = useState(false);
  if (!started) return <LauncherButton onOpen={() => setStarted(true)} />;
  return (
    <Suspense fallback={<LauncherButton />}>
      <AssistantWidget startOpen />
    </Suspense>
  );
}
