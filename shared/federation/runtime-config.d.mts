import type { AppConfig } from '../dist/config.js';
export declare const DEFAULT_PROJECT_ID: string;
export declare function buildAppConfig(env: Record<string, string | undefined>): AppConfig;
