/**
 * The account created in this browser tab: its first landing greets "Welcome", not "Welcome back".
 * Kept for the tab only, so a later visit is a return.
 */
const KEY = 'medora.newAccount';

export function rememberNewAccount(userId: string) {
  try {
    sessionStorage.setItem(KEY, userId);
  } catch {
    // Storage blocked: the greeting reads "Welcome back", nothing worse.
  }
}

export function isNewAccount(userId: string | undefined): boolean {
  try {
    return userId !== undefined && sessionStorage.getItem(KEY) === userId;
  } catch {
    return false;
  }
}
