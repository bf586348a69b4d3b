export function findChromium(): { path: string; problem?: undefined } | { path: null; problem: string };
