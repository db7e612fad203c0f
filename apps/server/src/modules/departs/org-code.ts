/**
 * Hierarchical org codes (SPEC §3 department orgCode): each level is a letter and two digits,
 * A01…A99, B01…Z99, so a child of A01 is A01A01, A01A02… and the code shows the path.
 */
const LEVEL = /^[A-Z]\d{2}$/;

function ordinal(level: string): number {
  if (!LEVEL.test(level)) return -1;
  return (level.charCodeAt(0) - 65) * 99 + Number(level.slice(1)) - 1;
}

function levelOf(n: number): string {
  if (n >= 26 * 99) throw new Error('org code level exhausted');
  return `${String.fromCharCode(65 + Math.floor(n / 99))}${String((n % 99) + 1).padStart(2, '0')}`;
}

/** The next code under `parentCode` ('' for a root) given the codes already used there. */
export function nextOrgCode(parentCode: string, used: readonly string[]): string {
  let max = -1;
  for (const code of used) {
    if (!code.startsWith(parentCode) || code.length !== parentCode.length + 3) continue;
    max = Math.max(max, ordinal(code.slice(parentCode.length)));
  }
  return `${parentCode}${levelOf(max + 1)}`;
}
