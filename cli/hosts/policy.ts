import type { Output, Settings } from '../types.ts';

/** One header to send, and the paths it applies to (`/*` every path, `/assets/*` a folder). */
export interface HeaderRule {
  readonly path: '/*' | '/assets/*' | 'html' | 'other';
  readonly name: string;
  readonly value: string;
}

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
    ['form-action', ["'self'", ...newsletter]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['upgrade-insecure-requests', []],
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** Every header the site sends: security headers everywhere, and caching by kind of file. */
export function headerRules(csp: string): HeaderRule[] {
  return [
    { path: '/*', name: 'Content-Security-Policy', value: csp },
    { path: '/*', name: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
    { path: '/*', name: 'X-Content-Type-Options', value: 'nosniff' },
    { path: '/*', name: 'X-Frame-Options', value: 'DENY' },
    { path: '/*', name: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    {
      path: '/*',
      name: 'Permissions-Policy',
      value:
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
    },
    // Hashed names change with their content, so a browser may keep them for a year.
    { path: '/assets/*', name: 'Cache-Control', value: 'public, max-age=31536000, immutable' },
    // Pages keep their address when they change: always ask whether there is a newer one.
    { path: 'html', name: 'Cache-Control', value: 'public, max-age=0, must-revalidate' },
    { path: 'other', name: 'Cache-Control', value: 'public, max-age=86400' },
  ];
}
