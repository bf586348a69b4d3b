import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { useActionBeneath } from './use-action-beneath';
import { useAssistantCovered } from './use-covered';

// The launcher is in every page's first bundle: its one label is an area of its own, fetched when it
// first renders (it suspends meanwhile, below), so the landing page does not carry the chat's texts.
const useT = textsFor('assistant-launcher');

// The chat panel and its canned replies load on first use; until then only this button ships.
const loadWidget = () => import('./assistant-widget');
const AssistantWidget = lazy(() => loadWidget().then((m) => ({ default: m.AssistantWidget })));

function LauncherButton({ onOpen }: { onOpen?: () => void }) {
  const t = useT();
  const spot = useRef<HTMLDivElement>(null);
  // Over a button or link of the page it slides to the screen's edge, leaving a sliver to find it
  // by (a press on the sliver opens it); focused from the keyboard it comes back out.
  const tucked = useActionBeneath(spot);
  return (
    <div
      ref={spot}
      data-tucked={tucked || undefined}
      className="group fixed end-4 bottom-(--assistant-bottom) z-40 h-14 w-14 [--tuck:3.75rem] rtl:[--tuck:-3.75rem]"
    >
      <button
        type="button"
        onClick={onOpen}
        onPointerEnter={() => void loadWidget()}
        onFocus={() => void loadWidget()}
        aria-label={t('assistant-launcher.open')}
        className="inline-flex h-14 w-14 cursor-pointer items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-[background-color,translate] group-data-tucked:not-focus-visible:translate-x-(--tuck) hover:bg-brand-800 motion-reduce:transition-none"
      >
        <MessageCircle aria-hidden className="h-6 w-6" />
      </button>
    </div>
  );
}

/**
 * Hidden (not unmounted: the chat keeps its messages) while a dialog, menu, popover or date picker
 * is open. It sits higher on pages with a sticky action bar at the bottom (`data-sticky-action-bar`),
 * so it never covers that bar's buttons, and it tucks itself away over any other action.
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
      {/* Nothing shows until the label has arrived: a button without a name is worse than a moment without one. */}
      <Suspense fallback={null}>
        {started ? (
          <Suspense fallback={<LauncherButton />}>
            <AssistantWidget startOpen />
          </Suspense>
        ) : (
          <LauncherButton onOpen={() => setStarted(true)} />
        )}
      </Suspense>
    </Dock>
  );
}
