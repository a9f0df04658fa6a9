// API keys (issue 24): the store, the management routes and the guard of calls made with a key.
export { createApiKeysRouter, type ApiKeysRouterOptions } from './router.js';
export { ApiKeyStore, apiKeyView, hashApiKeySecret, newApiKeyMaterial, type StoredApiKey } from './store.js';
export { DEFAULT_API_KEY_RATE_LIMIT, LAST_USED_INTERVAL_MS, apiKeyRateLimitFromEnv, createApiKeyAuthenticator, type ApiKeyAuthOptions, type RequireApiKey } from './authenticate.js';
