/** The codings the build writes copies in, Brotli first: the order hosts that send the copies prefer them. */
const CODINGS = ['br', 'gzip'] as const;

/**
 * The codings of the build's copies a browser accepts, as an `Accept-Encoding` of them alone
 * (`br, gzip`, `gzip`, or empty): each the header names, in any case, without a weight of zero
 * in any spelling (`br;q=0`, `BR; Q=0.000`), which means never (RFC 9110, section 12.5.3). A
 * wildcard names none, as nginx's modules read it. sirv, which sends the copies, looks for the
 * names alone, and would send Brotli to `br;q=0`.
 */
export function acceptedCodings(header: string | undefined): string {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const weight = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const refused = weight !== undefined && /^q\s*=\s*0(?:\.0{0,3})?$/.test(weight);
    if (!refused) accepted.add(name);
  }
  return CODINGS.filter((coding) => accepted.has(coding)).join(', ');
}
