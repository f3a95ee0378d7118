/**
 * A throwaway self-signed certificate for 127.0.0.1, made with the openssl command at test time
 * (node:crypto makes keys but not certificates), so https fixtures need no checked-in key.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyAndCert {
  /** PEM private key. */
  readonly key: string;
  /** PEM certificate, also its own CA: pass it as the fetcher's trusted CA. */
  readonly cert: string;
}

export function selfSignedCert(): KeyAndCert {
  const dir = mkdtempSync(join(tmpdir(), 'cmp-tls-'));
  try {
    const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    const request =
      'req -x509 -nodes -days 1 -subj /CN=127.0.0.1 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1';
    const args = [...request.split(' '), '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile];
    execFileSync('openssl', [...args, '-out', certFile], { stdio: 'ignore' });
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
