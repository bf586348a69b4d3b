// Runs before `npm start`: the server starts only from a build of the current sources, and the
// start never builds (a production install has no build tools).
import { buildState } from './build-state.mjs';

const state = buildState();
if (!state.ok) {
  console.error(`\nMedora is not built: ${state.reason}.\nRun \`npm run build\`, then \`npm start\` again.\n`);
  process.exit(1);
}
