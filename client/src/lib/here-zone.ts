import { useSyncExternalStore } from 'react';
import { localTimeZone } from '@common/rules/display-time';

const unchanging = () => () => {};

/**
 * The visitor's time zone. Undefined while the browser takes over a page drawn on the server,
 * which cannot know it (decision 116); React then draws again at once with the zone.
 */
export const useHereZone = (): string | undefined => useSyncExternalStore(unchanging, localTimeZone, () => undefined);
