// `node scripts/together.mjs typecheck lint`: runs npm scripts at the same time and fails when any
// fails. Each is a single-threaded tool, so on two cores two of them take the time of the longer
// one (decision 053). Each script's output is printed whole when it ends, so they do not interleave.
import { spawn } from 'node:child_process';
import process from 'node:process';

const names = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
          process.stdout.write(`\n> npm run ${name}: ${status} in ${seconds} s\n${Buffer.concat(output).toString()}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
