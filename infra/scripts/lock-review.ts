/**
 * An offline review of package-lock.json, for machines where `npm audit` cannot reach an advisory
 * service. It checks what the lock itself can show:
 * - every package comes from the registry with an integrity hash (no git, file or tarball sources:
 *   this project's lock records no download addresses, so any `resolved` outside a workspace link
 *   is a package from somewhere else);
 * - every package with an install script has an explicit decision in package.json's `allowScripts`
 *   (npm 11 skips unreviewed scripts; the decision keeps a new one from going unnoticed).
 */
export interface LockFile {
  packages: Record<
    string,
    {
      version?: string;
      resolved?: string;
      integrity?: string;
      link?: boolean;
      inBundle?: boolean;
      hasInstallScript?: boolean;
    }
  >;
}

export interface LockReview {
  /** Problems that fail the review. */
  findings: string[];
  /** Packages with install scripts and what package.json decided for them. */
  installScripts: { name: string; version: string; allowed: boolean }[];
}

export function reviewLock(lock: LockFile, allowScripts: Record<string, boolean> = {}): LockReview {
  const findings: string[] = [];
  const installScripts: LockReview['installScripts'] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    // Bundled dependencies come inside their parent's tarball, covered by its hash.
    if (path === '' || entry.link || entry.inBundle) continue;
    // A workspace's own folder (e.g. "functions") is not under node_modules and is our code.
    if (!path.includes('node_modules/')) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const label = `${name}@${entry.version ?? '?'}`;
    if (entry.resolved !== undefined)
      findings.push(`${label} comes from ${entry.resolved}, not the registry`);
    if (!entry.integrity?.startsWith('sha512-')) findings.push(`${label} has no sha512 integrity hash`);
    if (entry.hasInstallScript) {
      const decision = allowScripts[name] ?? allowScripts[label];
      if (decision === undefined)
        findings.push(
          `${label} has an install script with no decision in package.json allowScripts (npm install-scripts approve|deny)`,
        );
      else installScripts.push({ name, version: entry.version ?? '?', allowed: decision });
    }
  }
  return { findings, installScripts };
}
