/** The site's own name in front of CloudFront, with its ACM certificate (and optionally its DNS records). */
export interface CustomDomainSettings {
  /** A lower-case DNS name, e.g. `prices.shop.example`: the distribution's alternate name. */
  readonly domainName: string;
  /** An ACM certificate in us-east-1 (CloudFront takes no other region) that covers `domainName`. */
  readonly certificateArn: string;
  /** The Route 53 public hosted zone to write the alias records into; null: DNS is the engineer's. */
  readonly hostedZone: { readonly id: string; readonly name: string } | null;
}

/** Values as read (CDK context first, then the environment); undefined or empty means unset. */
export interface CustomDomainRaw {
  readonly DOMAIN_NAME?: string | undefined;
  readonly CERTIFICATE_ARN?: string | undefined;
  readonly HOSTED_ZONE_ID?: string | undefined;
  readonly HOSTED_ZONE_NAME?: string | undefined;
}

const names = {
  DOMAIN_NAME: 'domainName (DOMAIN_NAME)',
  CERTIFICATE_ARN: 'certificateArn (CERTIFICATE_ARN)',
  HOSTED_ZONE_ID: 'hostedZoneId (HOSTED_ZONE_ID)',
  HOSTED_ZONE_NAME: 'hostedZoneName (HOSTED_ZONE_NAME)',
} as const;

// One DNS label: letters, digits and hyphens, 1–63 long, no hyphen at either end.
const dnsLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const certificateArnPattern = /^arn:aws:acm:([a-z0-9-]+):(\d{12}):certificate\/[A-Za-z0-9-]+$/;
// Route 53 zone ids as `aws route53 list-hosted-zones` shows them, less the `/hostedzone/` prefix.
const hostedZoneIdPattern = /^Z[A-Z0-9]{1,31}$/;

/**
 * `-c domainName=prices.shop.example -c certificateArn=arn:aws:acm:us-east-1:…` (or DOMAIN_NAME and
 * CERTIFICATE_ARN): both or neither. `-c hostedZoneId=Z… -c hostedZoneName=shop.example` (or
 * HOSTED_ZONE_ID, HOSTED_ZONE_NAME) adds the alias records; both or neither, and only with a domain
 * inside that zone. Every problem is listed at once; null when no domain is set.
 */
export function readCustomDomainSettings(raw: CustomDomainRaw): CustomDomainSettings | null {
  const given = (key: keyof CustomDomainRaw) => (raw[key] === '' ? undefined : raw[key]);
  const domainName = given('DOMAIN_NAME');
  const certificateArn = given('CERTIFICATE_ARN');
  const zoneId = given('HOSTED_ZONE_ID');
  const zoneName = given('HOSTED_ZONE_NAME');
  const problems: string[] = [];

  if (domainName === undefined && certificateArn !== undefined)
    problems.push(`${names.CERTIFICATE_ARN}: set ${names.DOMAIN_NAME} too, the name the certificate is for`);
  if (domainName !== undefined && certificateArn === undefined)
    problems.push(
      `${names.DOMAIN_NAME}: set ${names.CERTIFICATE_ARN} too, an ACM certificate for it in us-east-1`,
    );
  if (domainName !== undefined) problems.push(...dnsNameProblems(names.DOMAIN_NAME, domainName));
  if (certificateArn !== undefined) problems.push(...certificateArnProblems(certificateArn));

  if (zoneId !== undefined || zoneName !== undefined) {
    if (zoneId === undefined) problems.push(`${names.HOSTED_ZONE_NAME}: set ${names.HOSTED_ZONE_ID} too`);
    if (zoneName === undefined) problems.push(`${names.HOSTED_ZONE_ID}: set ${names.HOSTED_ZONE_NAME} too`);
    if (domainName === undefined)
      problems.push(`${names.HOSTED_ZONE_ID}: only with ${names.DOMAIN_NAME}, the name to create there`);
    if (zoneId !== undefined && !hostedZoneIdPattern.test(zoneId))
      problems.push(
        `${names.HOSTED_ZONE_ID}: ${zoneId} is not a Route 53 hosted zone id such as Z0123456789ABCDEFGHIJ`,
      );
    if (zoneName !== undefined) {
      const zoneProblems = dnsNameProblems(names.HOSTED_ZONE_NAME, zoneName);
      problems.push(...zoneProblems);
      if (zoneProblems.length === 0 && domainName !== undefined && !within(domainName, zoneName))
        problems.push(`${names.DOMAIN_NAME}: ${domainName} is not in the hosted zone ${zoneName}`);
    }
  }

  if (problems.length > 0) throw new Error(`Invalid deploy configuration:\n  ${problems.join('\n  ')}`);
  if (domainName === undefined || certificateArn === undefined) return null;
  return {
    domainName,
    certificateArn,
    hostedZone: zoneId !== undefined && zoneName !== undefined ? { id: zoneId, name: zoneName } : null,
  };
}

/** A host name as CloudFront and Route 53 take it: lower-case, at least two labels, no dot at the end. */
function dnsNameProblems(key: string, name: string): string[] {
  if (name.includes('/') || name.includes(':'))
    return [`${key}: ${name} is an address; give the host name alone, e.g. prices.shop.example`];
  if (name !== name.toLowerCase()) return [`${key}: write it in lower case: ${name.toLowerCase()}`];
  const labels = name.split('.');
  const topLevel = labels[labels.length - 1] ?? '';
  if (
    name.length > 253 ||
    labels.length < 2 ||
    !labels.every((label) => dnsLabel.test(label)) ||
    /^\d+$/.test(topLevel)
  )
    return [
      `${key}: ${name} is not a DNS name such as prices.shop.example (labels of letters, digits and hyphens, separated by dots)`,
    ];
  return [];
}

function certificateArnProblems(arn: string): string[] {
  const match = certificateArnPattern.exec(arn);
  if (!match)
    return [
      `${names.CERTIFICATE_ARN}: ${arn} is not an ACM certificate ARN such as arn:aws:acm:us-east-1:123456789012:certificate/<id>`,
    ];
  const region = match[1];
  if (region !== 'us-east-1')
    return [
      `${names.CERTIFICATE_ARN}: the certificate is in ${region}, but CloudFront needs one in us-east-1: request or import it there`,
    ];
  return [];
}

const within = (name: string, zone: string) => name === zone || name.endsWith(`.${zone}`);
