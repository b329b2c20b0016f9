import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

// Security headers on every answer (issue 12, item 7), set by helmet's middleware, built once at
// start and run on each request (@fastify/helmet builds it again for every request: parsing the
// policy each time cost a sixth of an authenticated read's CPU, bench/README.md):
//
// - Content-Security-Policy: scripts only from this origin — no eval, and no inline script but
//   those of the built app's index.html, allowed by their SHA-256 (the build inlines one that
//   preloads the user's language file), read from the file at start — for the app and the API docs
//   page (/api/docs serves Swagger UI from files; none of its scripts is inline). Styles may be inline: antd-mobile and Swagger UI set style attributes, and the app's
//   splash screen is an inline <style>; a style cannot run code. Images may be data: and blob: URLs
//   (QR codes, chart snapshots). No plugin objects, no <base> elsewhere, forms post only here.
// - frame-ancestors 'none' and X-Frame-Options DENY: no other site may frame Beurs (clickjacking).
// - Referrer-Policy no-referrer: addresses inside the app (hash routes carry ids) never leave it.
// - X-Content-Type-Options nosniff, Cross-Origin-Opener-Policy same-origin, and the rest of
//   helmet's defaults.
// - Strict-Transport-Security only when `hstsMaxAgeSeconds` > 0 (HSTS_MAX_AGE_SECONDS): set it in
//   deployments served over TLS; browsers ignore it over plain HTTP, and a default would pin
//   HTTPS on an operator's domain before they chose to.

export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"] as string[],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  workerSrc: ["'self'", 'blob:'],
  upgradeInsecureRequests: null,
};

/** `'sha256-…'` of every inline script of an HTML file (none when the file does not exist). */
export function inlineScriptHashes(htmlPath: string): string[] {
  if (!existsSync(htmlPath)) return [];
  const html = readFileSync(htmlPath, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { hstsMaxAgeSeconds: number; appIndexHtmlPath: string },
) {
  const { hstsMaxAgeSeconds } = options;
  const directives = {
    ...contentSecurityPolicy,
    scriptSrc: [...contentSecurityPolicy.scriptSrc, ...inlineScriptHashes(options.appIndexHtmlPath)],
  };
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity:
      hstsMaxAgeSeconds > 0 ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
