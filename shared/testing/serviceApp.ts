// createServiceApp as the server kit's own tests build it (test code only): no
// allowed origins, a silent logger and always ready, unless the test says otherwise.
import type { Express } from 'express';
import { pino } from 'pino';
import { createServiceApp, type ServiceAppOptions } from '../src/server/app.js';

export function testServiceApp(options: Pick<ServiceAppOptions, 'name' | 'routes'> & Partial<ServiceAppOptions>): Express {
  return createServiceApp({ allowedOrigins: [], logger: pino({ level: 'silent' }), checkReadiness: async () => undefined, ...options });
}
