export const IDLE_FEATURES: string[];
export function playwrightDisabledFeatures(): string[];
export function disableFeaturesArg(playwrights?: string[]): string[];
