// The catalogue check of `npm run lint` (scripts/check-i18n.mjs runs it on the project; the tests
// run it on fixtures). Docs: docs/languages.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';

/** Words that are the same in every language and may stand in JSX as they are. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Medora']);
/** JSX attributes a person reads or hears. */
const TEXT_ATTRIBUTE =
  /^(aria-label|aria-description|aria-roledescription|aria-valuetext|aria-placeholder|placeholder|title|alt|label|subtitle|description|heading|text|message|[a-z]\w*(Label|Text|Title|Message|Description))$/;
const HAS_LETTER = /\p{L}/u;
/** A literal that names a family of keys used with a computed tail: `zones.city.${zone}`, 'validation.label.'. */
const KEY_PREFIX = /^[a-z][\w]*(\.[\w-]+)*\.$/;

function walkFiles(dir, test) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...walkFiles(full, test));
    } else if (test(full)) out.push(full);
  }
  return out.sort();
}

/** The argument and tag names a message uses, so a translation cannot drop or rename one. */
function argumentNames(elements, names = new Set()) {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if ('value' in el && typeof el.value === 'string' && el.type !== TYPE.tag) names.add(el.value);
    if (el.type === TYPE.tag) {
      names.add(`<${el.value}>`);
      argumentNames(el.children, names);
    }
    // A select's choices are values the code passes: a language without one says "other" instead.
    // Plural categories differ by language (Arabic has six), so only selects are compared.
    if (el.type === TYPE.select) names.add(`${el.value}:${Object.keys(el.options).sort().join('|')}`);
    if (el.type === TYPE.select || el.type === TYPE.plural)
      for (const option of Object.values(el.options)) argumentNames(option.value, names);
  }
  return names;
}

/** Every language has the English files and keys, no others; keys start with their file's name; messages parse. */
export function checkCatalogues(catalogueDir, languages) {
  const problems = [];
  const read = (language) => {
    const dir = path.join(catalogueDir, language);
    const files = {};
    for (const file of walkFiles(dir, (f) => f.endsWith('.json'))) {
      const relative = path.relative(dir, file).split(path.sep).join('/');
      try {
        files[relative] = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        problems.push(`${language}/${relative}: not valid JSON (${error.message})`);
        files[relative] = {};
      }
    }
    return files;
  };
  const [source, ...others] = languages;
  const english = read(source);
  const keys = new Set();
  // Areas under screens/ load with the screens that name them (client/src/lib/i18n/areas.ts).
  const screenAreas = new Set(
    Object.keys(english)
      .filter((file) => file.startsWith('screens/'))
      .map((file) => path.basename(file, '.json')),
  );
  const parsed = {};
  for (const [file, messages] of Object.entries(english)) {
    const area = path.basename(file, '.json');
    for (const [key, text] of Object.entries(messages)) {
      if (!key.startsWith(`${area}.`)) problems.push(`${source}/${file}: key "${key}" must start with "${area}."`);
      if (keys.has(key)) problems.push(`${source}/${file}: key "${key}" is defined twice`);
      keys.add(key);
      try {
        parsed[key] = argumentNames(parse(text));
      } catch {
        problems.push(`${source}/${file}: "${key}" is not a valid ICU message`);
      }
    }
  }
  for (const language of others) {
    const files = read(language);
    for (const file of Object.keys(files))
      if (!(file in english)) problems.push(`${language}/${file}: no such file in ${source}/`);
    for (const [file, messages] of Object.entries(english)) {
      const translated = files[file] ?? {};
      if (!(file in files)) problems.push(`${language}/${file}: missing (${source}/${file} has it)`);
      for (const key of Object.keys(messages)) {
        if (!(key in translated)) {
          problems.push(`${language}/${file}: key "${key}" is missing`);
          continue;
        }
        let names;
        try {
          names = argumentNames(parse(translated[key]));
        } catch {
          problems.push(`${language}/${file}: "${key}" is not a valid ICU message`);
          continue;
        }
        const expected = parsed[key];
        if (expected && [...expected].sort().join() !== [...names].sort().join())
          problems.push(
            `${language}/${file}: "${key}" uses {${[...names].join(', ')}}, ${source} uses {${[...expected].join(', ')}}`,
          );
      }
      for (const key of Object.keys(translated))
        if (!(key in messages)) problems.push(`${language}/${file}: key "${key}" is not in ${source}/${file}`);
    }
  }
  return { problems, keys, screenAreas };
}

const sourceFileOf = (file, text) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

/** The string literals of a source file (whole keys) and the key prefixes of its template literals. */
export function keyUses(file, text) {
  const literals = new Set();
  const prefixes = new Set();
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      literals.add(node.text);
      if (KEY_PREFIX.test(node.text)) prefixes.add(node.text);
    } else if (ts.isTemplateExpression(node) && KEY_PREFIX.test(node.head.text)) prefixes.add(node.head.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFileOf(file, text));
  return { literals, prefixes };
}

/** A client file that shows a screen area's key must name the area in `textsFor(…)`, or the texts may not be loaded. */
export function missingAreas(file, text, uses, keys, screenAreas) {
  const named = new Set();
  for (const call of text.matchAll(/textsFor\(([^)]*)\)/g))
    for (const arg of call[1].matchAll(/['"]([\w-]+)['"]/g)) named.add(arg[1]);
  const used = new Set();
  for (const literal of uses.literals) if (keys.has(literal)) used.add(literal.split('.')[0]);
  for (const prefix of uses.prefixes) used.add(prefix.split('.')[0]);
  return [...used]
    .filter((area) => screenAreas.has(area) && !named.has(area))
    .map((area) => `${file.split(path.sep).join('/')}: uses "${area}." keys without textsFor('${area}')`);
}

/** Texts of an expression in JSX that would be shown as written: literals, through ?:, && and ||. */
function shownLiterals(expr) {
  if (!expr) return [];
  if (ts.isParenthesizedExpression(expr)) return shownLiterals(expr.expression);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (ts.isTemplateExpression(expr)) return [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)];
  if (ts.isConditionalExpression(expr)) return [...shownLiterals(expr.whenTrue), ...shownLiterals(expr.whenFalse)];
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownLiterals(expr.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...shownLiterals(expr.left), ...shownLiterals(expr.right)];
  }
  return [];
}

const isText = (value) =>
  HAS_LETTER.test([...SAME_IN_EVERY_LANGUAGE].reduce((text, word) => text.replaceAll(word, ''), value));

/** Strings that reach JSX without a catalogue key: text children, text attributes, literal expressions. */
export function jsxLiterals(file, text) {
  const found = [];
  const source = sourceFileOf(file, text);
  const report = (node, value) =>
    found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: value.trim() });
  const visit = (node) => {
    if (ts.isJsxText(node) && isText(node.text)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTE.test(node.name.getText())) {
      const init = node.initializer;
      if (init && ts.isStringLiteral(init) && isText(init.text)) report(node, init.text);
      else if (init && ts.isJsxExpression(init))
        for (const value of shownLiterals(init.expression)) if (isText(value)) report(node, value);
    } else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    )
      for (const value of shownLiterals(node.expression)) if (isText(value)) report(node, value);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The ratchet list: one path a line, `#` comments; `# ceiling: N` is how many it holds, and only ever goes down. */
export function readList(listFile) {
  const lines = readFileSync(listFile, 'utf8').split('\n');
  const ceilingLine = lines.find((l) => /^#\s*ceiling:\s*\d+/.test(l));
  const entries = lines.map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  return { entries, ceiling: ceilingLine ? Number(/\d+/.exec(ceilingLine)[0]) : null };
}

/**
 * Everything `npm run lint` checks about languages:
 * - catalogues complete and consistent in every language;
 * - no key left unused by the sources;
 * - no text reaching JSX without a key, except in the listed (not yet converted) files, each of
 *   which must still need its place on the list; the list never grows past its ceiling.
 */
export function checkI18n({ root, catalogueDir, languages, sourceDirs, jsxDirs, listFile }) {
  const { problems, keys, screenAreas } = checkCatalogues(path.join(root, catalogueDir), languages);
  const isSource = (f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts');
  const literals = new Set();
  const prefixes = new Set();
  for (const dir of sourceDirs)
    for (const file of walkFiles(path.join(root, dir), isSource)) {
      const text = readFileSync(file, 'utf8');
      const uses = keyUses(file, text);
      uses.literals.forEach((l) => literals.add(l));
      uses.prefixes.forEach((p) => prefixes.add(p));
      // Components (.tsx) show texts; tables in .ts files (the route table's titles) only name keys.
      if (file.endsWith('.tsx') && jsxDirs.some((d) => file.startsWith(path.join(root, d) + path.sep)))
        problems.push(...missingAreas(path.relative(root, file), text, uses, keys, screenAreas));
    }
  for (const key of keys)
    if (!literals.has(key) && ![...prefixes].some((p) => key.startsWith(p)))
      problems.push(`key "${key}" is not used anywhere (remove it, or use it)`);

  const { entries, ceiling } = readList(path.join(root, listFile));
  const listed = new Set(entries);
  if (entries.length !== listed.size) problems.push(`${listFile}: a file is listed twice`);
  if (ceiling === null) problems.push(`${listFile}: the "# ceiling: N" line is missing`);
  else if (entries.length > ceiling)
    problems.push(
      `${listFile}: ${entries.length} files listed, more than its ceiling of ${ceiling}; convert new files instead of listing them`,
    );
  else if (entries.length < ceiling)
    problems.push(
      `${listFile}: ${entries.length} files listed; lower its ceiling from ${ceiling} to ${entries.length}`,
    );
  for (const entry of entries)
    if (!existsSync(path.join(root, entry)))
      problems.push(`${listFile}: ${entry} does not exist; take it off the list`);
  const isJsx = (f) =>
    f.endsWith('.tsx') && !f.endsWith('.test.tsx') && !f.includes(`${path.sep}test-support${path.sep}`);
  const unconverted = [];
  for (const dir of jsxDirs)
    for (const file of walkFiles(path.join(root, dir), isJsx)) {
      const relative = path.relative(root, file).split(path.sep).join('/');
      const found = jsxLiterals(file, readFileSync(file, 'utf8'));
      if (found.length > 0) unconverted.push(relative);
      if (listed.has(relative)) {
        if (found.length === 0)
          problems.push(`${relative} has no text without a key any more: take it off ${listFile}`);
      } else
        for (const f of found.slice(0, 5))
          problems.push(`${relative}:${f.line}: "${f.text.slice(0, 60)}" reaches JSX without a catalogue key`);
    }
  return { problems, unconverted };
}
