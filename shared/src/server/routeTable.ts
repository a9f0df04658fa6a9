// The routes an Express app serves, read from its router stack: the path
// guard names a bad path parameter with it, and the fuzz suites drive every
// route it lists (so a new route is fuzzed without anyone listing it).
import type { Application } from 'express';

export interface RouteInfo {
  /** Upper case: GET, POST... ('ALL' for app.all). */
  method: string;
  /** The route's path pattern, with its mount path: '/api/runs/:runId'. */
  path: string;
}

interface LayerLike {
  route?: { path?: unknown; methods?: Record<string, boolean> };
  handle?: { stack?: unknown };
  rawPath?: unknown;
}

function mountPath(layer: LayerLike): string {
  return typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath.replace(/\/$/, '') : '';
}

function walk(stack: readonly LayerLike[], prefix: string, out: RouteInfo[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        // A RegExp route has no pattern to name parameters by; it is listed as its source.
        const text = typeof path === 'string' ? path : String(path);
        for (const [method, enabled] of Object.entries(layer.route.methods ?? {})) {
          if (enabled) out.push({ method: method === '_all' ? 'ALL' : method.toUpperCase(), path: `${prefix}${text}` });
        }
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      walk(layer.handle.stack as LayerLike[], `${prefix}${mountPath(layer)}`, out);
    }
  }
}

/** Every route of the app, in the order Express tries them (HEAD is served by GET routes). */
export function listRoutes(app: Application): RouteInfo[] {
  const out: RouteInfo[] = [];
  walk((app.router as unknown as { stack: LayerLike[] }).stack, '', out);
  return out;
}

/** The path segments of a pattern or a request path: '/api/runs/:runId' -> ['api', 'runs', ':runId']. */
export function pathSegments(path: string): string[] {
  const segments = path.split('/').slice(1);
  // Express matches a trailing slash too ('/api/runs/x/').
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  return segments;
}
