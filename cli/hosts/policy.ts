import type { Output, Settings } from '../types.ts';
import type { HostHeaders } from './rules.ts';

/** Every distinct inline script the pages run, as CSP hashes, sorted. */
export function inlineScriptHashes(outputs: readonly Output[]): string[] {
  return [...new Set(outputs.flatMap((output) => output.summary?.inlineScripts ?? []))].sort();
}

const origin = (url: string) => new URL(url).origin;

/**
 * The Content-Security-Policy: the site's own files, the exact inline scripts it has (by hash,
 * never 'unsafe-inline'), and only the third-party origins the settings name: the map tour's
 * frame, the newsletter endpoint, and the analytics tag when an id is set.
 */
export function contentSecurityPolicy(settings: Settings, scriptHashes: readonly string[]): string {
  const analytics = settings.analyticsId
    ? {
        script: ['https://www.googletagmanager.com'],
        connect: [
          'https://*.google-analytics.com',
          'https://*.analytics.google.com',
          'https://www.googletagmanager.com',
        ],
        img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
      }
    : { script: [], connect: [], img: [] };
  const newsletter = settings.newsletterEndpoint ? [origin(settings.newsletterEndpoint)] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, ...analytics.script]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', ...analytics.img]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...newsletter, ...analytics.connect]],
    ['frame-src', [origin(settings.mapTourUrl)]],
    // Without an endpoint the newsletter form, without scripts, writes an e-mail instead (docs/behaviour.md#newsletter).
    ['form-action', ["'self'", ...(settings.newsletterEndpoint ? newsletter : ['mailto:'])]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['upgrade-insecure-requests', []],
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** Every header the site sends: security headers on every response, and caching by kind of file. */
export function hostHeaders(csp: string): HostHeaders {
  return {
    security: [
      ['Content-Security-Policy', csp],
      ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
      ['X-Content-Type-Options', 'nosniff'],
      ['X-Frame-Options', 'DENY'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      [
        'Permissions-Policy',
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
      ],
    ],
    cache: {
      // Hashed names change with their content, so a browser may keep them for a year.
      hashed: 'public, max-age=31536000, immutable',
      media: 'public, max-age=86400',
      // Pages, the sitemap and robots.txt keep their address when they change: always ask.
      revalidate: 'public, max-age=0, must-revalidate',
    },
  };
}
