// `npm run test:e2e:media`: the two-browser video and voice journeys inside a network namespace
// with loopback only, so media never leaves the machine. Where user namespaces are unavailable
// (macOS, many containers) they are skipped with the reason; in CI (CI=true) that fails instead.
import { spawnSync } from 'node:child_process';
import process from 'node:process';

const probe = spawnSync('sh', ['-c', 'command -v ip >/dev/null && unshare -rn true'], { encoding: 'utf8' });
if (probe.status !== 0) {
  const reason = `user namespaces are unavailable (${(probe.stderr ?? '').trim() || probe.error?.message || 'unshare -rn or ip is missing'})`;
  if (process.env.CI === 'true') {
    console.error(`media journeys cannot run in CI: ${reason}`);
    process.exit(1);
  }
  console.warn(`media journeys skipped: ${reason}; they need Linux with unprivileged user namespaces or root`);
  process.exit(0);
}

const inside = 'ip link set lo up && E2E_MEDIA=1 DEMO_CONSULTATION_TYPES=video,voice TZ=UTC playwright test e2e/media';
const run = spawnSync('unshare', ['-rn', 'sh', '-c', inside], { stdio: 'inherit' });
process.exit(run.status ?? 1);
