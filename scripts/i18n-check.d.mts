export type I18nProject = {
  root: string;
  catalogueDir: string;
  languages: string[];
  sourceDirs: string[];
  jsxDirs: string[];
  listFile: string;
};
export function checkI18n(project: I18nProject): { problems: string[]; unconverted: string[] };
export function checkCatalogues(dir: string, languages: string[]): { problems: string[]; keys: Set<string> };
export function jsxLiterals(file: string, text: string): { line: number; text: string }[];
export function keyUses(file: string, text: string): { literals: Set<string>; prefixes: Set<string> };
export function readList(listFile: string): { entries: string[]; ceiling: number | null };
