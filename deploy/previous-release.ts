import { execFileSync, execSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './instances';

const JOURNAL = 'migrations/meta/_journal.json';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

type Journal = { entries: { tag: string; when: number }[] };
export const journalTags = (text: string) => (JSON.parse(text) as Journal).entries.map((e) => e.tag);
const journalWhens = (text: string) => (JSON.parse(text) as Journal).entries.map((e) => e.when).join(',');

/**
 * The release this one replaces in an expand/contract deploy: the newest commit whose migrations
 * differ from this tree's (with an uncommitted migration, HEAD itself). A release with the same
 * migrations would test nothing. `PREVIOUS_RELEASE` names another commit. A shallow clone (CI's
 * default depth of 1) has no such commit: that is reported, not guessed around.
 */
export function previousRelease(): { commit: string; tags: string[] } | { missing: string } {
  try {
    git('rev-parse', '--git-dir');
  } catch {
    return { missing: 'not a git clone (the previous release is read from its history)' };
  }
  const shallow = git('rev-parse', '--is-shallow-repository') === 'true';
  const unshallow = 'the clone is shallow: fetch its full history (`git fetch --unshallow`) or set PREVIOUS_RELEASE';
  let commit = process.env.PREVIOUS_RELEASE;
  if (!commit) {
    const current = readFileSync(path.join(ROOT, JOURNAL), 'utf8');
    if (git('show', `HEAD:${JOURNAL}`) !== current.trim()) commit = 'HEAD';
    else {
      // The newest change to the journal that changed which migrations there are (their `when`,
      // which readiness compares): a renamed tag or a reformatted file is not a new release's migration.
      const current = journalWhens(git('show', `HEAD:${JOURNAL}`));
      for (const change of git('log', '--format=%H', '--', JOURNAL).split('\n').filter(Boolean)) {
        let before: string;
        try {
          before = git('show', `${change}^:${JOURNAL}`);
        } catch {
          return { missing: shallow ? unshallow : `${change} has no parent: there is no previous release` };
        }
        if (journalWhens(before) !== current) {
          commit = git('rev-parse', '--verify', `${change}^`);
          break;
        }
      }
      if (!commit) return { missing: 'no commit in this history has other migrations' };
    }
  }
  try {
    return {
      commit: git('rev-parse', '--verify', `${commit}^{commit}`),
      tags: journalTags(git('show', `${commit}:${JOURNAL}`)),
    };
  } catch {
    return { missing: shallow ? unshallow : `${commit} is not a commit of this clone` };
  }
}

/**
 * The release's sources from `git archive` in `dir`, with this checkout's node_modules, and its
 * server bundled by its own build script: what its production image would run.
 */
export function buildRelease(commit: string, dir: string) {
  execSync(`git archive --format=tar ${commit} | tar -x -C ${JSON.stringify(dir)}`, { cwd: ROOT, stdio: 'pipe' });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: dir, stdio: 'pipe' });
  if (!existsSync(path.join(dir, 'dist/server/main.js')))
    throw new Error(`${commit}: its build made no dist/server/main.js`);
}
