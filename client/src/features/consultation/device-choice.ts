/**
 * The devices chosen in the pre-call check, kept for one visit in this tab (sessionStorage), so the
 * room starts with them. `video: false` means the person joins a video visit by voice.
 */
export type DeviceChoice = {
  cameraId?: string;
  microphoneId?: string;
  speakerId?: string;
  video?: boolean;
};

const choiceKey = (visitId: string) => `medora.precall.devices.${visitId}`;
/** Visits checked in this browser, with when: shared by its tabs, so a second tab goes straight in. */
const CHECKED_KEY = 'medora.precall.checked';
const CHECKED_KEEP_MS = 3 * 86_400_000;

// Private browsing or a full quota can make storage throw: the check then simply runs again.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}
function write(storage: () => Storage, key: string, value: string): boolean {
  try {
    storage().setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
const session = () => sessionStorage;
const local = () => localStorage;

const memory = new Map<string, DeviceChoice>();
let activeVisit: string | null = null;

export function saveDeviceChoice(visitId: string, choice: DeviceChoice): void {
  // Kept in memory only where storage refuses it (private browsing, a full quota).
  if (write(session, choiceKey(visitId), JSON.stringify(choice))) memory.delete(visitId);
  else memory.set(visitId, choice);
}

export function loadDeviceChoice(visitId: string): DeviceChoice {
  const stored = read(session, choiceKey(visitId));
  if (stored) {
    try {
      const parsed: unknown = JSON.parse(stored);
      if (parsed && typeof parsed === 'object') return pickChoice(parsed as Record<string, unknown>);
    } catch {
      /* a damaged value counts as no choice */
    }
  }
  return memory.get(visitId) ?? {};
}

function pickChoice(raw: Record<string, unknown>): DeviceChoice {
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length < 512 ? v : undefined);
  return {
    cameraId: text(raw.cameraId),
    microphoneId: text(raw.microphoneId),
    speakerId: text(raw.speakerId),
    video: typeof raw.video === 'boolean' ? raw.video : undefined,
  };
}

function checkedVisits(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(read(local, CHECKED_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Someone who went through the check (or chose Join now) for this visit in this browser skips it next time. */
export function markChecked(visitId: string, now = Date.now()): void {
  // Old visits drop out, so the list stays a handful of entries.
  const kept = Object.entries(checkedVisits()).filter(([, at]) => typeof at === 'number' && now - at < CHECKED_KEEP_MS);
  write(local, CHECKED_KEY, JSON.stringify(Object.fromEntries([...kept, [visitId, now]])));
}
export const wasChecked = (visitId: string) => typeof checkedVisits()[visitId] === 'number';

/** The room's media is acquired for the visit on screen; the page names it before the room mounts. */
export function setActiveVisit(visitId: string | null): void {
  activeVisit = visitId;
}
export const activeDeviceChoice = (): DeviceChoice => (activeVisit ? loadDeviceChoice(activeVisit) : {});
