// API keys (issue 24): the store and the management routes. Authenticating calls made with a key comes with the public API.
export { createApiKeysRouter, type ApiKeysRouterOptions } from './router.js';
export { ApiKeyStore, apiKeyView, hashApiKeySecret, newApiKeyMaterial, type StoredApiKey } from './store.js';
