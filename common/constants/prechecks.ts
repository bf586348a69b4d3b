/** What the pre-call check found for a camera or a microphone. */
export const DEVICE_CHECK_RESULTS = ['ok', 'blocked', 'missing', 'skipped'] as const;
export type DeviceCheckResult = (typeof DEVICE_CHECK_RESULTS)[number];

/** What ICE gathering against the consultation's servers found. */
export const NETWORK_CHECK_RESULTS = ['direct', 'relay', 'none', 'untested'] as const;
export type NetworkCheckResult = (typeof NETWORK_CHECK_RESULTS)[number];
